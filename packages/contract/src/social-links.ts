/**
 * Where the social sign-in buttons send the browser (`GET`, a redirect to the provider): zod-free, so the
 * first screens that show the buttons need no schema library. `socialEndpoints.start` declares it.
 */
export const SOCIAL_START_PATH = '/api/auth/:provider';
