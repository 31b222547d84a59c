import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, describeMode, loadConfig } from './config';
import { seedDemo } from './demo/seed';
import { claimDataDir } from './lib/pid-lock';
import { startScheduler } from './lib/scheduler';
import { openConfiguredDatabase, openRedis } from './runtime';
import { scheduledTasks } from './tasks';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database belongs to one process: claim DATA_DIR (portal.pid) so tools like admin:create
  // can tell it is in use; released on shutdown, and a stale file from a crash is ignored.
  let releaseDataDir = () => {};
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      releaseDataDir = claimDataDir(config.DATA_DIR);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  const database = await openConfiguredDatabase(config);
  const redis = openRedis(config);
  const app = await buildApp({ config, database, redis });

  if (config.DEMO_SEED) {
    const made = await seedDemo(app.ctx);
    if (Object.keys(made).length > 0) app.log.info(made, 'demo data created');
  }
  const scheduler = startScheduler(database, scheduledTasks(app.ctx), app.log, app.ctx.doorbell);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stop taking connections, let in-flight requests finish, then stop background work and the database.
    await app.close();
    await scheduler.stop();
    app.ctx.mailer.close();
    redis?.disconnect();
    await database.close();
    releaseDataDir();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(describeMode(config), 'portal mode');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
