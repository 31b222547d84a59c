// The SDK as a game uses it. Each part runs when its variables are set:
//  1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
//       CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD=PlayerDemo!2026 CALIBER_SERVER_KEY=gsk_caliber_...
//       (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
//       device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
//  2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
//     hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
//       GAME_SERVER_KEY=gsk_yggdra_...
//  3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
//     standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
//     menu would.
//       MATCH_PLAYERS=<uuid>,<uuid> REPORT_PLAYER=<uuid> REPORTED_BY=<uuid> (REPORT_CATEGORY, default cheating)
//  4. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as
//     they come (needs GAME_SERVER_KEY too). Stop it with Ctrl-C.
//       PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080
//   PORTAL_URL=http://localhost:3000 ... node example.mjs
import { createServer } from 'node:http';
import {
  CaliberGameServer,
  CaliberLauncherClient,
  LoginError,
  PortalError,
  verifyWebhook,
} from './src/index.js';

const env = process.env;
const baseUrl = env.PORTAL_URL ?? 'http://localhost:3000';

// Your game's side. A real game records what it handed over in its own database, in the same transaction as
// the items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
const handedOver = new Set();
const takenBack = new Set();
function giveItems(e) {
  if (handedOver.has(e.id)) return;
  handedOver.add(e.id);
  console.log(`handed over ${e.quantity} x ${e.sku} (${e.name}) to player ${e.player}, entitlement ${e.id}`);
}
function takeItemsBack(e) {
  if (!handedOver.has(e.id) && !e.clawback) return; // never handed over: nothing to take back
  if (takenBack.has(e.id)) return;
  takenBack.add(e.id);
  console.log(`took back ${e.quantity} x ${e.sku} from player ${e.player}, entitlement ${e.id}`);
}

/** Grant in the game, then consume: the portal shows the order as delivered. */
async function deliver(server, entitlement) {
  giveItems(entitlement);
  try {
    const consumed = await server.consumeEntitlement(entitlement.id);
    console.log(`consumed ${consumed.id} at ${consumed.consumed_at}`);
  } catch (err) {
    // Refunded while we were handing it over: the portal answers 409, so take the items back.
    if (err instanceof PortalError && err.status === 409) takeItemsBack(entitlement);
    else throw err;
  }
}

/** Polling: every pending entitlement, page by page (oldest first), then the revocations to claw back. */
async function deliverPending(server) {
  let after;
  do {
    const page = await server.listEntitlements({ status: 'pending', after, limit: 100 });
    for (const entitlement of page.entitlements) await deliver(server, entitlement);
    after = page.next ?? undefined;
  } while (after);
  after = undefined;
  do {
    const page = await server.listEntitlements({ status: 'revoked', after, limit: 100 });
    for (const entitlement of page.entitlements) if (entitlement.clawback) takeItemsBack(entitlement);
    after = page.next ?? undefined;
  } while (after);
}

const ending = (sanction) => (sanction.expires_at ? `until ${sanction.expires_at}` : 'permanently');

/** Match start: each player's standing decides whether they join, and whether their chat is muted. */
async function startMatch(server, players) {
  for (const player of players) {
    try {
      const standing = await server.getStanding(player);
      if (standing.banned) {
        const ban = standing.sanctions.find((s) => s.kind === 'ban');
        console.log(`match start: player ${player} is banned (${ban.category}, ${ending(ban)})`);
        continue;
      }
      const chat = standing.sanctions.find((s) => s.scope === 'chat');
      console.log(`match start: player ${player} may play${chat ? `, chat muted ${ending(chat)}` : ''}`);
    } catch (err) {
      // 404: not a player of the portal (a forged or mistyped id): keep them out.
      if (err instanceof PortalError && err.status === 404) {
        console.log(`match start: player ${player} is not a player of the portal`);
      } else throw err;
    }
  }
}

/** The in-game "report player" menu: the report reaches the portal's staff with the match as context. */
async function reportFromMenu(server, reported, reporter, category) {
  try {
    const report = await server.reportPlayer({
      reported,
      reporter,
      category,
      message: 'Reported from the in-game menu.',
      context: { match: 'example-match', reported_in: 'the example' },
    });
    console.log(`reported player ${reported} for ${category}: report ${report.id} at ${report.created_at}`);
  } catch (err) {
    // 404: a player unknown or not registered for this game; 422: a bad report (err.body.errors names the
    // field). Tell the player.
    if (err instanceof PortalError && (err.status === 404 || err.status === 422)) {
      console.log(`report refused (${err.status}): ${err.message}`);
    } else throw err;
  }
}

/** A sanction placed or lifted by the portal's staff while the game runs: act on it at once. */
function onSanction(type, sanction) {
  if (type === 'player.sanctioned') {
    console.log(
      `player ${sanction.player} sanctioned: ${sanction.scope} ${sanction.kind} ${ending(sanction)}` +
        (sanction.kind === 'ban' ? ' (kicked from the match)' : ''),
    );
  } else {
    console.log(`player ${sanction.player}: sanction ${sanction.id} lifted`);
  }
}

/** Webhooks: verify the signature over the raw body, then act; any 2xx tells the portal it arrived. */
function listenForWebhooks(server, secret, port) {
  const http = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      let event;
      try {
        event = verifyWebhook(req.headers['portal-signature'], Buffer.concat(chunks), secret);
      } catch (err) {
        // WebhookError: not signed by the portal with this secret, or too old.
        console.error(`webhook refused: ${err.message}`);
        res.writeHead(400).end();
        return;
      }
      console.log(`webhook ${event.type} ${event.id} verified`);
      try {
        const entitlement = event.data.entitlement;
        if (event.type === 'entitlement.granted' && entitlement) await deliver(server, entitlement);
        if (event.type === 'entitlement.revoked' && entitlement?.clawback) takeItemsBack(entitlement);
        if (event.type.startsWith('player.') && event.data.sanction) onSanction(event.type, event.data.sanction);
        res.writeHead(204).end();
      } catch (err) {
        console.error(err);
        res.writeHead(500).end(); // the portal retries later
      }
    });
  });
  http.listen(port, () => console.log(`listening for webhooks on port ${http.address().port}`));
}

try {
  if (env.CALIBER_EMAIL) {
    const launcher = new CaliberLauncherClient({
      baseUrl,
      developer: env.CALIBER_DEVELOPER === 'true',
      deviceToken: env.CALIBER_DEVICE_TOKEN,
    });
    const { redirectURL, code } = env.CALIBER_PIN
      ? await launcher.loginWithPin(env.CALIBER_EMAIL, env.CALIBER_PIN)
      : await launcher.loginWithPassword(env.CALIBER_EMAIL, env.CALIBER_PASSWORD);
    console.log('launcher redirect:', redirectURL);
    console.log('device token (keep it: the PIN works only with it):', launcher.deviceToken);
    if (env.CALIBER_SERVER_KEY) {
      const caliber = new CaliberGameServer({ baseUrl, serverKey: env.CALIBER_SERVER_KEY });
      console.log('player:', await caliber.exchangeCode(code));
    } else {
      console.log('set CALIBER_SERVER_KEY to exchange the code as the game server would');
    }
  }
  if (env.GAME_SERVER_KEY) {
    const server = new CaliberGameServer({ baseUrl, serverKey: env.GAME_SERVER_KEY });
    await deliverPending(server);
    if (env.MATCH_PLAYERS) await startMatch(server, env.MATCH_PLAYERS.split(',').filter(Boolean));
    if (env.REPORT_PLAYER) {
      await reportFromMenu(server, env.REPORT_PLAYER, env.REPORTED_BY || undefined, env.REPORT_CATEGORY || 'cheating');
    }
    if (env.PORTAL_WEBHOOK_SECRET) {
      listenForWebhooks(server, env.PORTAL_WEBHOOK_SECRET, Number(env.WEBHOOK_PORT ?? 8080));
    }
  }
  if (!env.CALIBER_EMAIL && !env.GAME_SERVER_KEY) {
    console.log('set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file');
  }
} catch (err) {
  if (err instanceof LoginError) console.error(`sign-in refused (${err.code}): ${err.message}`);
  else console.error(err);
  process.exitCode = 1;
}
