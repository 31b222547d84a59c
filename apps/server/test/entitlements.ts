import { randomInt } from 'node:crypto';
import type { ShopGame } from '@portal/contract';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { createPlayer } from './fixtures';
import { makeCatalog } from './shop';
import { sendXsollaNotification, type XsollaOrderRef, xsolla } from './xsolla';

/** An Xsolla transaction id no other test of the file uses. */
export const newTransactionId = () => randomInt(1, 2 ** 47);

/**
 * Test helper: a player checks out an order of several lines (a fresh catalog of one product per line,
 * priced `price`), not paid yet. `ref` names it as Xsolla's notifications do.
 */
export async function checkedOutOrder(
  t: TestApp,
  game: ShopGame = 'yggdra',
  lines: { price: string; quantity: number }[] = [
    { price: '100.00', quantity: 1 },
    { price: '49.50', quantity: 2 },
  ],
) {
  const player = await createPlayer(t.app.ctx, { games: [game] });
  const { skus, rows } = await makeCatalog(
    t.app.ctx,
    game,
    lines.map((line) => ({ price: line.price, available: 10 })),
  );
  const cart = await t.app.inject({
    method: 'PUT',
    url: `/api/xsolla/${game}/cart`,
    headers: player.auth,
    payload: { items: skus.map((sku, i) => ({ sku, quantity: lines[i]!.quantity })) },
  });
  expect(cart.statusCode).toBe(200);
  const checkout = await t.app.inject({
    method: 'POST',
    url: `/api/xsolla/${game}/checkout`,
    headers: player.auth,
  });
  expect(checkout.statusCode).toBe(200);
  const txnid = checkout.json().txnid as string;
  const amount = lines.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
  const ref: XsollaOrderRef = {
    txnid,
    transactionId: newTransactionId(),
    userId: player.user.id,
    amount,
    currency: 'PHP',
  };
  return { player, txnid, skus, names: rows.map((row) => row.name), ref };
}

/** The same, paid by Xsolla's payment notification. */
export async function paidOrder(t: TestApp, game?: ShopGame, lines?: { price: string; quantity: number }[]) {
  const order = await checkedOutOrder(t, game, lines);
  expect((await sendXsollaNotification(t.app, xsolla.payment(order.ref))).statusCode).toBe(204);
  return order;
}
