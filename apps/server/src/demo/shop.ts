import { formatCents, type ShopGame, toCents } from '@portal/contract';
import { count } from 'drizzle-orm';
import { shopProducts } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';
import { findUserByEmail } from '../modules/accounts';
import { createOrder, markOrderFailed, markOrderPaid, newTxnid, recordLatePayment } from '../modules/orders';
import { clearCart, insertCatalog, reserveStock } from '../modules/shop';
import { DEMO_CATALOG } from './shop-catalog';

const DAY = 86_400_000;

/** Catalogs of both shops and a handful of orders in every state; nothing when a catalog exists. */
export async function seedShopDemo(ctx: ServiceContext): Promise<Record<string, number> | null> {
  const [existing] = await ctx.db.select({ n: count() }).from(shopProducts);
  if ((existing?.n ?? 0) > 0) return null;
  const yggdra = await insertCatalog(ctx, 'yggdra', DEMO_CATALOG.yggdra);
  const talesrunner = await insertCatalog(ctx, 'talesrunner', DEMO_CATALOG.talesrunner);

  const plan: {
    email: string;
    game: ShopGame;
    skus: [string, number][];
    daysAgo: number;
    /** 'paid late': expired, then the payment arrived anyway (refund due). */
    outcome: 'paid' | 'declined' | 'expired' | 'paid late' | 'pending';
  }[] = [
    {
      email: 'ana@demo.local',
      game: 'yggdra',
      skus: [['ygg-diamonds-300', 1]],
      daysAgo: 21,
      outcome: 'paid',
    },
    {
      email: 'ana@demo.local',
      game: 'talesrunner',
      skus: [
        ['tr-rainbow-sneakers', 1],
        ['tr-speed-potion', 2],
      ],
      daysAgo: 14,
      outcome: 'paid',
    },
    {
      email: 'carla@demo.local',
      game: 'yggdra',
      skus: [['ygg-rune-sword', 1]],
      daysAgo: 12,
      outcome: 'declined',
    },
    {
      email: 'carla@demo.local',
      game: 'talesrunner',
      skus: [['tr-starter-bundle', 1]],
      daysAgo: 9,
      outcome: 'paid',
    },
    {
      email: 'eve@demo.local',
      game: 'talesrunner',
      skus: [['tr-race-ticket-10', 3]],
      daysAgo: 6,
      outcome: 'expired',
    },
    {
      email: 'finn@demo.local',
      game: 'yggdra',
      skus: [
        ['ygg-monthly-pass', 1],
        ['ygg-gold-bundle', 2],
      ],
      daysAgo: 4,
      outcome: 'paid',
    },
    {
      email: 'dan@demo.local',
      game: 'talesrunner',
      skus: [['tr-speed-potion', 1]],
      daysAgo: 3,
      outcome: 'paid late',
    },
    {
      email: 'dan@demo.local',
      game: 'yggdra',
      skus: [['ygg-elixir-pack', 1]],
      daysAgo: 2,
      outcome: 'declined',
    },
    {
      email: 'eve@demo.local',
      game: 'talesrunner',
      skus: [['tr-exp-booster', 1]],
      daysAgo: 1,
      outcome: 'paid',
    },
    {
      email: 'finn@demo.local',
      game: 'yggdra',
      skus: [['ygg-mystery-chest', 2]],
      daysAgo: 0,
      outcome: 'pending',
    },
    {
      email: 'ana@demo.local',
      game: 'talesrunner',
      skus: [['tr-lucky-clover', 4]],
      daysAgo: 0,
      outcome: 'pending',
    },
  ];
  const productsBySku = new Map([...yggdra, ...talesrunner].map((p) => [p.sku, p]));
  let made = 0;
  const now = ctx.clock.now().getTime();
  for (const [index, entry] of plan.entries()) {
    const user = await findUserByEmail(ctx, entry.email);
    if (!user) continue;
    const at = new Date(now - entry.daysAgo * DAY - (plan.length - index) * 3_600_000);
    const atCtx = { ...ctx, clock: { now: () => at } };
    const lines = entry.skus.map(([sku, quantity]) => {
      const p = productsBySku.get(sku)!;
      return { productId: p.id, sku, name: p.name, quantity, unitPrice: p.price };
    });
    const amount = formatCents(lines.reduce((s, l) => s + toCents(l.unitPrice) * l.quantity, 0));
    // Opened on atCtx, so the transaction's context keeps the order's clock.
    const order = await atCtx.transaction(async (tx) => {
      await reserveStock(tx, lines);
      return createOrder(tx, {
        txnid: newTxnid(entry.game, at),
        userId: user.id,
        game: entry.game,
        amount,
        currency: 'PHP',
        provider: 'sandbox',
        reservedUntil: new Date(entry.outcome === 'pending' ? now + 30 * 60_000 : at.getTime() + 30 * 60_000),
        items: lines,
      });
    });
    const later = { ...ctx, clock: { now: () => new Date(at.getTime() + 60_000) } };
    if (entry.outcome === 'paid') await markOrderPaid(later, order.id, `DEMO${index}`);
    if (entry.outcome === 'declined') {
      await markOrderFailed(later, order.id, 'declined', `DEMO${index}`);
      // Days-old history: the player has emptied the cart the decline gave back (decision 0044).
      await clearCart(ctx, user.id, entry.game);
    }
    if (entry.outcome === 'expired' || entry.outcome === 'paid late') {
      await markOrderFailed(later, order.id, 'expired');
    }
    if (entry.outcome === 'paid late') {
      const muchLater = { ...ctx, clock: { now: () => new Date(at.getTime() + 45 * 60_000) } };
      await recordLatePayment(muchLater, order.id, `DEMO${index}`);
    }
    made += 1;
  }
  return { products: yggdra.length + talesrunner.length, orders: made };
}
