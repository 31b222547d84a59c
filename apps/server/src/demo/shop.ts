import { formatCents, type ShopGame, toCents } from '@portal/contract';
import { count } from 'drizzle-orm';
import { shopProducts } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';
import { findUserByEmail } from '../modules/accounts';
import { createOrder, markOrderFailed, markOrderPaid, newTxnid, recordLatePayment } from '../modules/orders';
import { type CatalogProduct, clearCart, insertCatalog, reserveStock } from '../modules/shop';

const YGGDRA_GROUPS = [
  { externalId: 'asgard', name: 'Asgard Server' },
  { externalId: 'midgard', name: 'Midgard Server' },
  { externalId: 'vanaheim', name: 'Vanaheim Server' },
];

const YGGDRA_PRODUCTS: CatalogProduct[] = [
  {
    sku: 'ygg-diamonds-60',
    name: '60 Diamonds',
    description: 'A pouch of diamonds for the Yggdra store.',
    image: 'gem-ygg-diamonds-60',
    price: '49.00',
    available: 500,
    groups: ['asgard', 'midgard', 'vanaheim'],
  },
  {
    sku: 'ygg-diamonds-300',
    name: '300 Diamonds',
    description: 'A chest of diamonds with 10% bonus.',
    image: 'gem-ygg-diamonds-300',
    price: '249.00',
    available: 400,
    groups: ['asgard', 'midgard', 'vanaheim'],
  },
  {
    sku: 'ygg-diamonds-980',
    name: '980 Diamonds',
    description: 'The adventurer’s hoard, 20% bonus.',
    image: 'gem-ygg-diamonds-980',
    price: '749.00',
    available: 250,
    groups: ['asgard', 'midgard', 'vanaheim'],
  },
  {
    sku: 'ygg-rune-sword',
    name: 'Rune Sword',
    description: 'A blade etched with the runes of rebirth. +12 attack.',
    image: 'sword-ygg-rune-sword',
    price: '399.00',
    available: 40,
    groups: ['asgard'],
  },
  {
    sku: 'ygg-valkyrie-shield',
    name: 'Valkyrie Shield',
    description: 'Blocks the first critical hit of every battle.',
    image: 'shield-ygg-valkyrie-shield',
    price: '349.50',
    available: 35,
    groups: ['asgard', 'vanaheim'],
  },
  {
    sku: 'ygg-elixir-pack',
    name: 'Elixir Pack (x10)',
    description: 'Ten elixirs that restore full HP and MP.',
    image: 'potion-ygg-elixir-pack',
    price: '99.00',
    available: 300,
    groups: ['midgard'],
  },
  {
    sku: 'ygg-mystery-chest',
    name: 'Mystery Chest',
    description: 'One random rare item from the Yggdra vault.',
    image: 'box-ygg-mystery-chest',
    price: '149.00',
    available: 120,
    groups: ['midgard', 'vanaheim'],
  },
  {
    sku: 'ygg-world-tree-crown',
    name: 'World Tree Crown',
    description: 'Limited cosmetic crown of the World Tree.',
    image: 'crown-ygg-world-tree-crown',
    price: '899.00',
    available: 0,
    groups: ['asgard'],
  },
  {
    sku: 'ygg-star-blessing',
    name: 'Star Blessing (7 days)',
    description: '+50% experience for seven days.',
    image: 'star-ygg-star-blessing',
    price: '199.00',
    available: 200,
    groups: ['vanaheim'],
  },
  {
    sku: 'ygg-pet-egg',
    name: 'Fenrir Pet Egg',
    description: 'Hatches a loyal wolf companion.',
    image: 'box-ygg-pet-egg',
    price: '299.00',
    available: 0,
    groups: ['midgard'],
  },
  {
    sku: 'ygg-monthly-pass',
    name: 'Monthly Pass',
    description: '30 days of daily diamonds and login rewards.',
    image: 'ticket-ygg-monthly-pass',
    price: '249.00',
    available: 1000,
    groups: ['asgard', 'midgard', 'vanaheim'],
    // A 30-day pass: more than one in an order is almost always a mistake.
    maxPerOrder: 1,
  },
  {
    sku: 'ygg-gold-bundle',
    name: 'Gold Bundle',
    description: '1,000,000 gold for upgrades and repairs.',
    image: 'coin-ygg-gold-bundle',
    price: '59.75',
    available: 800,
    groups: ['asgard', 'midgard'],
  },
];

const TALESRUNNER_GROUPS = [
  { externalId: 'costumes', name: 'Costumes' },
  { externalId: 'boosters', name: 'Boosters' },
  { externalId: 'tickets', name: 'Tickets' },
  { externalId: 'bundles', name: 'Bundles' },
];

const TALESRUNNER_PRODUCTS: CatalogProduct[] = [
  {
    sku: 'tr-rainbow-sneakers',
    name: 'Rainbow Sneakers',
    description: 'Leave a rainbow trail on every track.',
    image: 'shoe-tr-rainbow-sneakers',
    price: '180.00',
    available: 150,
    groups: ['costumes'],
  },
  {
    sku: 'tr-fairy-wings',
    name: 'Fairy Tale Wings',
    description: 'Glittering wings for the back slot.',
    image: 'star-tr-fairy-wings',
    price: '320.00',
    available: 60,
    groups: ['costumes'],
  },
  {
    sku: 'tr-pumpkin-hat',
    name: 'Pumpkin Hat',
    description: 'Seasonal hat from the Halloween run.',
    image: 'crown-tr-pumpkin-hat',
    price: '95.00',
    available: 0,
    groups: ['costumes'],
  },
  {
    sku: 'tr-knight-suit',
    name: 'Storybook Knight Suit',
    description: 'Full set: helmet, armour and cape.',
    image: 'shield-tr-knight-suit',
    price: '550.00',
    available: 25,
    groups: ['costumes', 'bundles'],
  },
  {
    sku: 'tr-speed-potion',
    name: 'Speed Potion (x5)',
    description: 'Five boosts of +10% speed for one race.',
    image: 'potion-tr-speed-potion',
    price: '45.00',
    available: 999,
    groups: ['boosters'],
  },
  {
    sku: 'tr-exp-booster',
    name: 'EXP Booster (3 days)',
    description: 'Double experience for three days.',
    image: 'star-tr-exp-booster',
    price: '120.00',
    available: 400,
    groups: ['boosters'],
  },
  {
    sku: 'tr-lucky-clover',
    name: 'Lucky Clover',
    description: 'Better drops from treasure boxes for 24 hours.',
    image: 'gem-tr-lucky-clover',
    price: '35.50',
    available: 600,
    groups: ['boosters'],
  },
  {
    sku: 'tr-race-ticket-10',
    name: 'Race Ticket (x10)',
    description: 'Entry tickets for ranked races.',
    image: 'ticket-tr-race-ticket-10',
    price: '60.00',
    available: 700,
    groups: ['tickets'],
  },
  {
    sku: 'tr-gacha-ticket',
    name: 'Storybox Ticket',
    description: 'One spin of the storybox gacha.',
    image: 'ticket-tr-gacha-ticket',
    price: '75.00',
    available: 0,
    groups: ['tickets'],
  },
  {
    sku: 'tr-tr-coins-1000',
    name: '1,000 TR Coins',
    description: 'Premium coins for the Tales Runner shop.',
    image: 'coin-tr-coins-1000',
    price: '250.00',
    available: 1000,
    groups: ['bundles'],
  },
  {
    sku: 'tr-starter-bundle',
    name: 'Starter Bundle',
    description: 'Sneakers, 5 speed potions and 10 race tickets.',
    image: 'box-tr-starter-bundle',
    price: '199.99',
    available: 80,
    groups: ['bundles'],
  },
  {
    sku: 'tr-champion-bundle',
    name: 'Champion Bundle',
    description: 'Knight suit, wings and 3,000 TR coins.',
    image: 'box-tr-champion-bundle',
    price: '1499.00',
    available: 10,
    groups: ['bundles', 'costumes'],
    // Ten in stock: one player may take two per order, so a single buyer cannot empty the shelf.
    maxPerOrder: 2,
  },
];

export const DEMO_CATALOG: Record<ShopGame, { groups: typeof YGGDRA_GROUPS; products: CatalogProduct[] }> = {
  yggdra: { groups: YGGDRA_GROUPS, products: YGGDRA_PRODUCTS },
  talesrunner: { groups: TALESRUNNER_GROUPS, products: TALESRUNNER_PRODUCTS },
};

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
    const order = await ctx.db.transaction(async (tx) => {
      await reserveStock({ ...atCtx, db: tx }, lines);
      return createOrder(
        { ...atCtx, db: tx },
        {
          txnid: newTxnid(entry.game, at),
          userId: user.id,
          game: entry.game,
          amount,
          currency: 'PHP',
          provider: 'sandbox',
          reservedUntil: new Date(
            entry.outcome === 'pending' ? now + 30 * 60_000 : at.getTime() + 30 * 60_000,
          ),
          items: lines,
        },
      );
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
