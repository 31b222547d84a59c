import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { findOrderByTxnid } from '../orders';
import { readNotification } from './notifications';
import { canceledNotification, declineNotification, paymentNotification } from './sandbox';
import { webhookSecret, xsollaSignature } from './signature';

const NOT_AN_OBJECT = 'The notification body is not a JSON object.';
const TYPE_MISSING = 'notification_type is missing.';
const TRANSACTION_ID = 'transaction.id is required.';
const EXTERNAL_ID = 'transaction.external_id must be the txnid of an order.';
const ORDER_ID = 'order.id is required.';

const read = (body: unknown) =>
  readNotification(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));

describe('reading a notification', () => {
  it('refuses a body that is not a JSON object, or has no notification type', () => {
    for (const body of ['not json', '', '[]', 'null', '42', '"payment"'])
      expect(read(body)).toEqual({ invalid: NOT_AN_OBJECT });
    for (const body of [
      {},
      { notification_type: '' },
      { notification_type: null },
      { notification_type: 1.5 },
    ])
      expect(read(body)).toEqual({ invalid: TYPE_MISSING });
    expect(read({ notification_type: 'x'.repeat(201) })).toEqual({ invalid: TYPE_MISSING });
  });

  it('refuses hostile text anywhere in the body, whatever its type', () => {
    expect(read({ notification_type: 'refund', note: 'a\u0000b' })).toEqual({ invalid: MESSAGES.unsafeText });
    expect(read({ notification_type: 'payment', transaction: { id: '\ud800' } })).toEqual({
      invalid: MESSAGES.unsafeText,
    });
  });

  it('tells types it does not handle apart, to be acknowledged', () => {
    expect(read({ notification_type: 'update_user' })).toEqual({ unhandledType: 'update_user' });
    expect(read({ notification_type: 7 })).toEqual({ unhandledType: '7' });
  });

  it('reads refunds and chargebacks of a transaction, with the reason and the partly refunded amount', () => {
    const transaction = { id: 7, external_id: 'TX-1' };
    for (const type of ['refund', 'partial_refund', 'chargeback'])
      expect(read({ notification_type: type, transaction: 'anything' })).toEqual({
        invalid: TRANSACTION_ID,
      });
    expect(read({ notification_type: 'refund', transaction, refund_details: { reason: ' Asked ' } })).toEqual(
      {
        notification: {
          notification_type: 'refund',
          transaction: { id: '7', external_id: 'TX-1' },
          refund_details: { code: undefined, reason: 'Asked' },
        },
      },
    );
    // Xsolla's refund code, as a number or its digits; anything else reads as absent.
    for (const [code, read_] of [
      [2, 2],
      ['11', 11],
      [2.5, undefined],
      ['chargeback', undefined],
    ] as const)
      expect(
        read({ notification_type: 'refund', transaction, refund_details: { code, reason: 'Chargeback' } }),
      ).toEqual({
        notification: {
          notification_type: 'refund',
          transaction: { id: '7', external_id: 'TX-1' },
          refund_details: { code: read_, reason: 'Chargeback' },
        },
      });
    expect(read({ notification_type: 'chargeback', transaction, refund_details: 'x' })).toEqual({
      notification: {
        notification_type: 'chargeback',
        transaction: { id: '7', external_id: 'TX-1' },
        refund_details: undefined,
      },
    });
    expect(
      read({
        notification_type: 'partial_refund',
        transaction,
        purchase: { total: { amount: 2.5, currency: 'PHP' } },
      }),
    ).toEqual({
      notification: {
        notification_type: 'partial_refund',
        transaction: { id: '7', external_id: 'TX-1' },
        refund_details: undefined,
        purchase: { total: { amount: 250, currency: 'PHP' } },
      },
    });
  });

  it('needs the transaction id of a transaction notification, and reads a missing external_id as no order', () => {
    for (const type of ['payment', 'ps_declined', 'afs_reject', 'refund', 'dispute']) {
      for (const transaction of [
        undefined,
        'T-1',
        [],
        {},
        { external_id: 'TX' },
        { id: '', external_id: 'TX' },
        { id: 2 ** 53, external_id: 'TX' },
        { id: { nested: 1 }, external_id: 'TX' },
      ])
        expect(read({ notification_type: type, transaction, dispute: { status: 'new' } })).toEqual({
          invalid: TRANSACTION_ID,
        });
      for (const external_id of [1.5, '', { id: 'TX' }])
        expect(
          read({
            notification_type: type,
            transaction: { id: 'T-1', external_id },
            dispute: { status: 'new' },
          }),
        ).toEqual({ invalid: EXTERNAL_ID });
    }
    expect(
      read({ notification_type: 'ps_declined', transaction: { id: 555001, external_id: 'TX-1' } }),
    ).toEqual({
      notification: { notification_type: 'ps_declined', transaction: { id: '555001', external_id: 'TX-1' } },
    });
    expect(read({ notification_type: 'ps_declined', transaction: { id: 555002 } })).toEqual({
      notification: { notification_type: 'ps_declined', transaction: { id: '555002' } },
    });
  });

  it("reads a dispute's status, type, reason and opening date; the status is required", () => {
    const transaction = { id: 123456789, external_id: 'TX-1' };
    expect(
      read({
        notification_type: 'dispute',
        action: 'adding',
        transaction,
        dispute: {
          incoming_date: '2024-01-25T01:02:03+04:00',
          reason: 'not_as_described',
          type: 'retrieval',
          status: 'new',
        },
      }),
    ).toEqual({
      notification: {
        notification_type: 'dispute',
        action: 'adding',
        transaction: { id: '123456789', external_id: 'TX-1' },
        dispute: {
          status: 'new',
          type: 'retrieval',
          reason: 'not_as_described',
          incoming_date: '2024-01-25T01:02:03+04:00',
        },
      },
    });
    // A malformed date, type or reason reads as absent; a dispute without a status cannot be recorded.
    expect(
      read({
        notification_type: 'dispute',
        transaction,
        dispute: { status: 'won', incoming_date: 'soon', type: 7 },
      }),
    ).toMatchObject({
      notification: { dispute: { status: 'won', incoming_date: undefined, type: undefined } },
    });
    for (const dispute of [undefined, 'new', {}, { status: '' }, { status: 'x'.repeat(101) }])
      expect(read({ notification_type: 'dispute', transaction, dispute })).toEqual({
        invalid: 'dispute.status is required.',
      });
  });

  it('needs the order id of an order notification', () => {
    for (const type of ['order_paid', 'order_canceled'])
      for (const order of [undefined, 9001.5, {}, { id: '' }, { id: null }])
        expect(read({ notification_type: type, order })).toEqual({ invalid: ORDER_ID });
    expect(read({ notification_type: 'order_canceled', order: { id: 9001 } })).toEqual({
      notification: { notification_type: 'order_canceled', order: { id: '9001' } },
    });
  });

  it('reads amounts in centavos, leaving a malformed amount, currency or user to the checks that judge them', () => {
    const payment = (purchase: unknown, user: unknown = { id: 'u-1' }) =>
      read({ notification_type: 'payment', transaction: { id: 'T', external_id: 'TX' }, purchase, user });
    const paid = (reading: ReturnType<typeof read>) =>
      'notification' in reading && reading.notification.notification_type === 'payment'
        ? reading.notification
        : null;
    expect(paid(payment({ total: { amount: 299, currency: 'PHP' } }))).toMatchObject({
      purchase: { total: { amount: 29900, currency: 'PHP' } },
      user: { id: 'u-1' },
    });
    expect(paid(payment({ total: { amount: '150.50', currency: 'PHP' } }))?.purchase?.total?.amount).toBe(
      15050,
    );
    expect(paid(payment({ total: { amount: 0.1 } }))?.purchase?.total?.amount).toBe(10);
    for (const amount of [299.001, -1, '1e3', '299.', 1e21, null, 'PHP 10'])
      expect(paid(payment({ total: { amount, currency: 'PHP' } }))?.purchase?.total).toEqual({
        amount: undefined,
        currency: 'PHP',
      });
    expect(paid(payment({ total: { amount: 1, currency: 608 } }))?.purchase?.total?.currency).toBeUndefined();
    // Without a total, the checkout amount counts (docs/payments.md).
    expect(paid(payment({ checkout: { amount: 5, currency: 'PHP' } }))?.purchase).toEqual({
      total: undefined,
      checkout: { amount: 500, currency: 'PHP' },
    });
    expect(paid(payment('free'))?.purchase).toBeUndefined();
    expect(paid(payment(undefined, { id: {} }))?.user).toEqual({ id: undefined });
    expect(paid(payment(undefined, 'u-1'))?.user).toBeUndefined();
    expect(read({ notification_type: 'user_validation' })).toEqual({
      notification: { notification_type: 'user_validation', user: undefined },
    });
  });
});

describe('the webhook answers a malformed notification as Xsolla expects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signed = (body: unknown) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: {
        'content-type': 'application/json',
        authorization: `Signature ${xsollaSignature(Buffer.from(raw), webhookSecret(t.app.ctx.config))}`,
      },
      payload: raw,
    });
  };
  const refused = (code: string, message: string) => ({ error: { code, message } });

  async function pendingOrder() {
    const player = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    const { skus } = await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '10.00', available: 5 }]);
    const { txnid } = (await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 1)).json();
    return { player, order: (await findOrderByTxnid(t.app.ctx, txnid))! };
  }

  it('checks the signature before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: { 'content-type': 'application/json', authorization: `Signature ${'0'.repeat(40)}` },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('INVALID_SIGNATURE', 'Invalid signature'));
  });

  it('answers 400 INVALID_PARAMETER for bodies and ids it cannot read, and the order waits', async () => {
    const { order } = await pendingOrder();
    const cases: [unknown, string][] = [
      ['[1,2]', NOT_AN_OBJECT],
      [{ notification_type: ['payment'] }, TYPE_MISSING],
      [{ notification_type: 'payment', transaction: { id: 'T-x', external_id: 12.5 } }, EXTERNAL_ID],
      [{ notification_type: 'payment', transaction: { id: true, external_id: order.txnid } }, TRANSACTION_ID],
      [{ notification_type: 'ps_declined', transaction: { external_id: order.txnid } }, TRANSACTION_ID],
      [{ notification_type: 'afs_reject', transaction: null }, TRANSACTION_ID],
      [{ notification_type: 'order_canceled', order: { id: '' } }, ORDER_ID],
      [{ notification_type: 'order_paid', order: [order.providerOrderId] }, ORDER_ID],
      [{ notification_type: 'refund', transaction: { id: 'T-x', external_id: '' } }, EXTERNAL_ID],
      [{ notification_type: 'partial_refund', transaction: {} }, TRANSACTION_ID],
      [{ notification_type: 'chargeback' }, TRANSACTION_ID],
      [
        { notification_type: 'dispute', transaction: { id: 1, external_id: order.txnid } },
        'dispute.status is required.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await signed(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused('INVALID_PARAMETER', message));
    }
    expect((await findOrderByTxnid(t.app.ctx, order.txnid))!.status).toBe('Pending');
  });

  it('answers a well-formed notification with a malformed amount or user by the order checks', async () => {
    const { player, order } = await pendingOrder();
    const payment = (transactionId: string, fields: object) =>
      signed({
        notification_type: 'payment',
        transaction: { id: transactionId, external_id: order.txnid },
        ...fields,
      });
    const unknownOrder = await signed({
      notification_type: 'payment',
      transaction: { id: `T-${randomUUID()}`, external_id: 'NO-SUCH-TXN' },
      purchase: { total: { amount: 'lots' } },
    });
    expect(unknownOrder.json()).toEqual(refused('INCORRECT_INVOICE', 'Unknown order'));
    const noAmount = await payment(`T-${randomUUID()}`, { purchase: 'free', user: { id: player.user.id } });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toEqual(
      refused('INCORRECT_AMOUNT', 'Amount or currency does not match the order'),
    );
    const paid = await payment(`T-${randomUUID()}`, {
      purchase: { total: { amount: 10, currency: 'PHP' } },
      user: { id: { not: 'an id' } },
    });
    expect(paid.statusCode).toBe(204);
    expect((await findOrderByTxnid(t.app.ctx, order.txnid))!.status).toBe('SUCCESSFUL');
    const noUser = await signed({ notification_type: 'user_validation', user: 'someone' });
    expect(noUser.json()).toEqual(refused('INVALID_USER', 'Invalid user'));
  });

  it('acknowledges refunds of an unpaid order and types it does not know with 204, changing nothing', async () => {
    const { order } = await pendingOrder();
    for (const notification_type of ['refund', 'chargeback', 'update_user', 'some_future_type', 12]) {
      const res = await signed({ notification_type, transaction: { id: 1, external_id: order.txnid } });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await findOrderByTxnid(t.app.ctx, order.txnid))!.status).toBe('Pending');
  });

  it('reads the sandbox notifications as the types they are', async () => {
    const { player, order } = await pendingOrder();
    const payer = { id: player.user.id, email: player.user.email };
    expect(read(paymentNotification(order, payer, 'T-1'))).toEqual({
      notification: {
        notification_type: 'payment',
        transaction: { id: 'T-1', external_id: order.txnid },
        user: { id: player.user.id },
        purchase: { total: { amount: 1000, currency: 'PHP' }, checkout: undefined },
      },
    });
    expect(read(declineNotification(order, payer, 'T-2'))).toEqual({
      notification: {
        notification_type: 'ps_declined',
        transaction: { id: 'T-2', external_id: order.txnid },
      },
    });
    expect(read(canceledNotification(order, payer))).toEqual({
      notification: { notification_type: 'order_canceled', order: { id: order.providerOrderId } },
    });
  });
});
