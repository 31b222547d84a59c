#!/usr/bin/env node
// A stand-alone game server that receives the portal's webhooks (issue #23), as a game studio would write
// one: it checks each request's signature, ignores event ids it has handled (deliveries are at least once),
// hands granted items over and tells the portal with the consume API and a server key. Plain Node, no
// dependencies: copy it. See docs/entitlements.md.
//
//   npm run demo:game-server -- --game yggdra --port 4100 [--portal http://localhost:3000]
//     with PORTAL_WEBHOOK_SECRET=whsec_…   (shown once when the webhook is saved or its secret rotated)
//          PORTAL_SERVER_KEY=gsk_…         (optional: without it, items are not marked consumed)
//   In the back-office (Games): set the game's webhook URL to http://localhost:4100/portal-webhook.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    game: { type: 'string', default: 'yggdra' },
    port: { type: 'string', default: '4100' },
    portal: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:3000' },
    secret: { type: 'string', default: process.env.PORTAL_WEBHOOK_SECRET },
    key: { type: 'string', default: process.env.PORTAL_SERVER_KEY },
  },
});
if (!args.secret) {
  console.error(
    `Set PORTAL_WEBHOOK_SECRET (or --secret): in the back-office's Games page, save ${args.game}'s webhook URL ` +
      `http://localhost:${args.port}/portal-webhook (or rotate its secret) and copy the secret shown.`,
  );
  process.exit(2);
}
const TOLERANCE_S = 300;

/** `Portal-Signature: t=…,v1=…` over `${t}.${raw body}`, within 5 minutes of our clock. */
function signatureValid(header, raw) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((p) => [p.slice(0, p.indexOf('=')).trim(), p.slice(p.indexOf('=') + 1).trim()]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', args.secret).update(`${t}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

/** Tells the portal the item was handed over; true when done (or nothing more to do). */
async function consume(entitlement) {
  if (!args.key) return true;
  const res = await fetch(`${args.portal}/api/game/entitlements/${entitlement.id}/consume`, {
    method: 'POST',
    headers: { authorization: `Bearer ${args.key}` },
  });
  if (res.status === 409) return true; // revoked meanwhile: do not hand it over
  if (!res.ok) console.warn(`  consume answered ${res.status}: ${await res.text()}`);
  return res.ok;
}

// A real game keeps these in its database, in the transaction that hands the item over.
const handled = new Set();

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/portal-webhook') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!signatureValid(req.headers['portal-signature'], raw)) {
      console.warn('refused a request with a bad signature');
      res.writeHead(401).end('bad signature');
      return;
    }
    const event = JSON.parse(raw);
    if (handled.has(event.id)) {
      console.log(`${event.id} again: already handled`);
      res.writeHead(200).end('ok');
      return;
    }
    const e = event.data.entitlement;
    try {
      if (event.type === 'entitlement.granted') {
        console.log(
          `${event.id} granted: ${e.quantity} × ${e.name} for player ${e.player} (order ${e.order})`,
        );
        // Answer 500 when the portal cannot be told: the portal sends the event again later.
        if (!(await consume(e))) {
          res.writeHead(500).end('try again');
          return;
        }
      } else if (event.type === 'entitlement.revoked') {
        console.log(`${event.id} revoked: ${e.name} (order ${e.order})${e.clawback ? ': take it back' : ''}`);
      } else {
        console.log(`${event.id} ${event.type}`);
      }
      handled.add(event.id);
      res.writeHead(200).end('ok');
    } catch (error) {
      console.warn(`${event.id}: ${error.message}`);
      res.writeHead(500).end('try again');
    }
  });
});

server.listen(Number(args.port), () => {
  console.log(`${args.game} game server: webhooks at http://localhost:${args.port}/portal-webhook`);
  console.log(args.key ? `consumes through ${args.portal}` : 'no PORTAL_SERVER_KEY: receives only');
});
