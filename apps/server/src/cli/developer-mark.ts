import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { markDeveloper } from '../modules/developers';
import { openToolDatabase } from '../runtime';

/**
 * npm run developer:mark -- --email E
 * Marks the player account with email E as a Caliber developer and queues the verification email (the running
 * portal delivers it over SMTP_URL; without SMTP it shows at /dev/mailbox).
 */
const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run developer:mark -- --email player@example.com');
  process.exit(2);
}
const config = loadConfig();
const database = await openToolDatabase(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const app = await buildApp({ config, database, logger: false });
try {
  const { developer, emailSent } = await markDeveloper(app.ctx, { email: values.email, actor: 'cli' });
  console.log(
    emailSent
      ? `${developer.email} is now a developer; a verification email was queued (link valid 24 h).`
      : `${developer.email} is already a verified developer; nothing sent.`,
  );
} catch (err) {
  console.error(err instanceof AppError ? err.message : err);
  process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
