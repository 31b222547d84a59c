import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_ADMIN, DEMO_PLAYER_PASSWORD, DemoInProductionError, seedDemo } from '../demo/seed';
import { openToolDatabase } from '../runtime';

/** npm run seed:demo — creates the demo world on an empty database; does nothing on a seeded one. */
const config = loadConfig();
if (config.NODE_ENV === 'production') {
  console.error(new DemoInProductionError().message);
  process.exit(1);
}
const database = await openToolDatabase(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const app = await buildApp({ config, database, logger: false });
const seeded = await seedDemo(app.ctx);
console.log(
  seeded
    ? `Demo data created: ${JSON.stringify(seeded)}`
    : 'The database already has players; nothing to do.',
);
console.log(
  `Admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}   Players: ana@demo.local (and others) / ${DEMO_PLAYER_PASSWORD}`,
);
await app.close();
await database.close();
