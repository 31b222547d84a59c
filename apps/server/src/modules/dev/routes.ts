import { devEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoints';
import { escapeHtml } from '../../lib/mail/layout';
import { latestOutboxMessages } from '../../lib/mail/outbox';
import { devGameInboxRoutes } from './game-inbox';

/**
 * Development-only views (never registered in production). /dev/mailbox lists the local outbox, so
 * verification and reset links can be followed without a mail server; /dev/game-inbox receives games' webhooks.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(devGameInboxRoutes);
  const hide = { schema: { hide: true } };

  const latest = (limit: number) => latestOutboxMessages(app.ctx, limit);

  route(
    app,
    devEndpoints.mailboxJson,
    async ({ query }) => ({
      messages: (await latest(query.limit)).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        kind: m.kind,
        status: m.status,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    }),
    hide,
  );

  route(
    app,
    devEndpoints.mailbox,
    async ({ query, reply }) => {
      const rows = await latest(query.limit);
      const items = rows
        .map((m) => {
          // Links in the text part become clickable; everything else is escaped text.
          const body = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
          return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(
            m.createdAt.toISOString(),
          )} · ${escapeHtml(m.status)}</p><pre>${body}</pre></article>`;
        })
        .join('');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#344767}article{border:1px solid #e9ecef;border-radius:12px;padding:16px;margin:12px 0}h2{font-size:18px;margin:0}.meta{color:#8392ab;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}</style></head><body><h1>Dev mailbox</h1><p>Emails the portal wrote while no SMTP server is configured (newest first).</p>${
        items || '<p>No emails yet.</p>'
      }</body></html>`;
    },
    hide,
  );
};
