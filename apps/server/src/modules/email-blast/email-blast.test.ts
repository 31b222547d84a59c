import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin } from '../../../test/fixtures';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { auditLog, emailOutbox } from '../../db/schema/index';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let auth: { authorization: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  auth = (await createAdmin(t.app.ctx)).auth;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const list = () => t.app.inject({ url: '/api/email-blast', headers: auth });

describe('Send Test Email', () => {
  it("lists no recipients with 'No emails found', then the managed list", async () => {
    await expect(list().then((r) => r.json())).resolves.toEqual({ users: [], message: 'No emails found' });
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/email-blast/recipients',
      headers: auth,
      payload: { name: 'QA One', email: 'qa1@example.test' },
    });
    expect(add.statusCode).toBe(201);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/email-blast/recipients',
      headers: auth,
      payload: { name: 'QA Again', email: 'QA1@example.test' },
    });
    expect(dup.statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/email-blast/recipients',
      headers: auth,
      payload: { name: '', email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    const body = (await list()).json();
    expect(body.users).toEqual([{ id: add.json().id, name: 'QA One', email: 'qa1@example.test' }]);
  });

  it('sends one mail per recipient through the outbox; the same idempotency key never sends twice', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/email-blast/recipients',
      headers: auth,
      payload: { name: 'QA Two', email: 'qa2@example.test' },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/email-blast',
        headers: auth,
        payload: { idempotencyKey: 'click-0001' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(a.json().message).toBe('Emails sent successfully');
    const outbox = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'email-blast'));
    expect(outbox.map((m) => m.to).sort()).toEqual(['qa1@example.test', 'qa2@example.test']);
    await t.app.ctx.mailer.deliverDue();
    const mail = await smtp.waitFor('qa2@example.test', (m) => m.subject === 'Games Portal test email');
    expect(mail.text).toContain('Hello QA Two');
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'email_blast.send'));
    expect(audits).toHaveLength(1);
  });

  it('removes a recipient, 404 for an unknown one, 422 for a bad id or key', async () => {
    const [first] = (await list()).json().users;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/email-blast/recipients/${first.id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/email-blast/recipients/${first.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/email-blast/recipients/x', headers: auth }))
        .statusCode,
    ).toBe(422);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/email-blast', headers: auth, payload: {} });
    expect(noKey.statusCode).toBe(422);
    const removed = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email_blast.recipient_remove')));
    expect(removed).toHaveLength(1);
  });
});
