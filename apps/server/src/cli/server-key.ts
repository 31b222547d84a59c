import { gameSchema } from '@portal/contract';
import { loadConfig } from '../config';
import { createServerKey } from '../modules/events/keys';
import { openToolDatabase, toolContext } from '../runtime';

/**
 * npm run server-key:create -- --game caliber [--label "EU server 1"]
 * Prints a new ingestion key for a game server once; only its hash is stored.
 */
function arg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const game = gameSchema.safeParse(arg('game'));
if (!game.success) {
  console.error('Usage: npm run server-key:create -- --game caliber|talesrunner|yggdra [--label NAME]');
  process.exit(2);
}
const config = loadConfig();
const database = await openToolDatabase(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const { id, key } = await createServerKey(
  toolContext(config, database),
  game.data,
  arg('label') ?? `${game.data} server`,
);
console.log(`Server key for ${game.data} (id ${id}). Shown once; store it in the game server's secrets:`);
console.log(key);
await database.close();
