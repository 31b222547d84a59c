// Signs in like the launcher, then exchanges the code like a game server.
//   PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD=PlayerDemo!2026 \
//   CALIBER_SERVER_KEY=gsk_caliber_... node example.mjs          (CALIBER_PIN=1234 signs in by PIN instead)
import { CaliberGameServer, CaliberLauncherClient, LoginError } from './src/index.js';

const env = process.env;
const baseUrl = env.PORTAL_URL ?? 'http://localhost:3000';
const launcher = new CaliberLauncherClient({ baseUrl, developer: env.CALIBER_DEVELOPER === 'true' });
try {
  const { redirectURL, code } = env.CALIBER_PIN
    ? await launcher.loginWithPin(env.CALIBER_EMAIL, env.CALIBER_PIN)
    : await launcher.loginWithPassword(env.CALIBER_EMAIL, env.CALIBER_PASSWORD);
  console.log('launcher redirect:', redirectURL);
  if (!env.CALIBER_SERVER_KEY) {
    console.log('set CALIBER_SERVER_KEY to exchange the code as the game server would');
  } else {
    const server = new CaliberGameServer({ baseUrl, serverKey: env.CALIBER_SERVER_KEY });
    console.log('player:', await server.exchangeCode(code));
  }
} catch (err) {
  if (err instanceof LoginError) console.error(`sign-in refused (${err.code}): ${err.message}`);
  else console.error(err);
  process.exitCode = 1;
}
