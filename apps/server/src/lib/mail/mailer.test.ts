import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { emailOutbox } from '../../db/schema/index';
import { renderEmail } from './layout';
import { createMailer, retryDelayMs } from './mailer';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const message = (to: string) => ({
  to,
  subject: 'Hello <there>',
  kind: 'test',
  ...renderEmail({
    greeting: 'Hi <b>Ana</b>,',
    paragraphs: ['Body'],
    action: { label: 'Open', url: 'http://portal.test/x?a=1&b=2' },
  }),
});

describe('mail outbox', () => {
  it('keeps mail in the local outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ db: t.app.ctx.db, clock: t.clock, from: 'portal@test' });
    await mailer.enqueue(message('local@example.test'));
    expect(await mailer.deliverDue()).toBe(0);
    const [row] = await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'local@example.test'));
    expect(row?.status).toBe('local');
  });

  it('delivers over SMTP with an escaped HTML part and a text part', async () => {
    const smtp = await startSmtpCapture();
    const mailer = createMailer({
      db: t.app.ctx.db,
      clock: t.clock,
      smtpUrl: smtp.url,
      from: 'Portal <portal@test>',
    });
    await mailer.enqueue(message('real@example.test'));
    expect(await mailer.deliverDue()).toBe(1);
    const mail = await smtp.waitFor('real@example.test');
    expect(mail.subject).toBe('Hello <there>');
    expect(mail.html).toContain('Hi &lt;b&gt;Ana&lt;/b&gt;,');
    expect(mail.text).toContain('Open: http://portal.test/x?a=1&b=2');
    expect(await mailer.deliverDue()).toBe(0);
    mailer.close();
    await smtp.close();
  });

  it('loses nothing while the SMTP server is down and delivers once it is back', async () => {
    const smtp = await startSmtpCapture();
    const port = smtp.port;
    await smtp.close();
    const mailer = createMailer({
      db: t.app.ctx.db,
      clock: t.clock,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'portal@test',
    });
    await mailer.enqueue(message('outage@example.test'));
    expect(await mailer.deliverDue()).toBe(0);
    const [failed] = await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'outage@example.test'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toBeTruthy();
    // Not due again before the backoff passes.
    expect(await mailer.deliverDue()).toBe(0);

    const back = await startSmtpCapture({ port });
    t.clock.advance(retryDelayMs(1) + 1);
    expect(await mailer.deliverDue()).toBe(1);
    await back.waitFor('outage@example.test');
    const [sent] = await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'outage@example.test'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    mailer.close();
    await back.close();
  });

  it('backs off exponentially up to half an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(30)).toBe(30 * 60 * 1000);
  });
});
