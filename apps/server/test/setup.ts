// Keeps test output readable: the portal's own logs are off in tests (buildTestApp passes logger: false).
process.env.TZ = 'UTC';
