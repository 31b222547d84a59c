import { devEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoints';
import { escapeHtml } from '../../lib/mail/layout';
import { createDevGameInbox } from '../entitlements';

/**
 * The development receiver of games' webhooks (never registered in production, like /dev/mailbox): the demo
 * data points each game's webhook at POST /dev/game-inbox/{game}; GET /dev/game-inbox shows what each game
 * received and what it did with it.
 */
export const devGameInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = createDevGameInbox(app.ctx);
  const hide = { schema: { hide: true } };

  // The signature covers the exact bytes sent: the body is read raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(
      scope,
      devEndpoints.gameInboxReceive,
      async ({ params, body, headers }) => {
        const raw = typeof body === 'string' ? body : '';
        return inbox.receive(params.game, headers, raw);
      },
      hide,
    );
  });

  route(
    app,
    devEndpoints.gameInboxJson,
    async ({ query }) => ({ received: inbox.entries(query.game) }),
    hide,
  );

  route(
    app,
    devEndpoints.gameInbox,
    async ({ query, reply }) => {
      const rows = inbox
        .entries(query.game)
        .map(
          (e) =>
            `<tr><td>${escapeHtml(e.received_at)}</td><td>${escapeHtml(e.game)}</td><td>${escapeHtml(
              e.type ?? '?',
            )}<br><small>${escapeHtml(e.event_id ?? '')}</small></td><td>${
              e.entitlement
                ? `${escapeHtml(`${e.entitlement.quantity} × ${e.entitlement.name}`)}<br><small>order ${escapeHtml(
                    e.entitlement.order,
                  )} · player ${escapeHtml(e.entitlement.player)}</small>`
                : ''
            }</td><td>${escapeHtml(e.outcome)}</td></tr>`,
        )
        .join('');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev game inbox</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{font-family:system-ui,sans-serif;max-width:1000px;margin:24px auto;padding:0 16px;color:#344767}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e9ecef;padding:8px;text-align:left;vertical-align:top;font-size:14px}small{color:#67748e}</style></head><body><h1>Dev game inbox</h1><p>The signed webhooks each game's server received from the portal in development, and what the pretend game did with them (newest first). Buy something in a shop to see the loop.</p>${
        rows
          ? `<table><thead><tr><th scope="col">Received</th><th scope="col">Game</th><th scope="col">Event</th><th scope="col">Entitlement</th><th scope="col">What the game did</th></tr></thead><tbody>${rows}</tbody></table>`
          : '<p>Nothing received yet.</p>'
      }</body></html>`;
    },
    hide,
  );
};
