import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { emailOutbox } from '../src/db/schema/index';
import { serveAccountEmailRequests } from '../src/modules/accounts/email-requests';

let ipCounter = 1;
/** A fresh client address, so per-IP limits of one test never touch another. */
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export const uniqueEmail = (tag = 'p') => `${tag}-${randomUUID().slice(0, 12)}@example.test`;
export const uniqueNick = () => `n${randomUUID().replaceAll('-', '').slice(0, 10)}`;
export const GOOD_PASSWORD = 'Blue-Lantern-42';

export async function post(app: App, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: freshIp() });
}

/** The newest email to `to` from the local outbox. */
export async function latestMail(app: App, to: string) {
  const [mail] = await app.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  return mail ?? null;
}

export async function allMail(app: App, to: string) {
  return app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

/** The token of the first `${PUBLIC_URL}/{prefix}/{token}/{game}` link in the newest mail to `to`. */
export async function linkToken(
  app: App,
  to: string,
  prefix: string,
): Promise<{ token: string; game: string }> {
  const mails = await app.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
  const pattern = new RegExp(`/${prefix}/([A-Za-z0-9_-]+)/([a-z]+)`);
  const match = mails.map((m) => pattern.exec(m.text)).find(Boolean);
  if (!match) throw new Error(`no ${prefix} link in mail to ${to}`);
  return { token: match[1]!, game: match[2]! };
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Reg Player',
    nickname: uniqueNick(),
    email: uniqueEmail('reg'),
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    selectedGame: 'caliber',
    ...overrides,
  };
}

/** Registers, verifies through the emailed link and signs in; returns the sign-in reply. */
export async function registeredPlayer(app: App, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await post(app, '/register', body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const { token, game } = await linkToken(app, String(body.email), 'verifyemail');
  const verified = await post(app, `/verifyemail/${token}/${game}`, undefined);
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await post(app, '/login', { email: body.email, password: body.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const reply = login.json() as { token: string; user: { uuid: string } };
  return {
    ...body,
    email: String(body.email),
    token: reply.token,
    user: reply.user,
    auth: { authorization: `Bearer ${reply.token}` },
  };
}

/** Asks for a password-reset link for `email`, has the queue send it, and answers the link's token. */
export async function resetLinkFor(app: App, email: string): Promise<string> {
  await post(app, '/sendForgotPassword', { email });
  expect(await serveAccountEmailRequests(app.ctx)).toBe(1);
  return (await linkToken(app, email, 'reset-password')).token;
}

/** A reset link that was voided answers as a used one does, and sets no password. */
export async function expectResetLinkVoid(app: App, token: string): Promise<void> {
  const reset = await post(app, '/reset-password', {
    token,
    new_password: 'Never-Set-Password-9',
    new_password_confirmation: 'Never-Set-Password-9',
  });
  expect(reset.statusCode).toBe(400);
  expect(reset.json()).toMatchObject({ code: 'LINK_INVALID', message: ACCOUNT_MESSAGES.resetLinkInvalid });
}
