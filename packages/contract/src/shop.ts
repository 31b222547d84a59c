import { z } from 'zod';
import { shopGameSchema } from './games';

/**
 * Webshop contract (spec sections 3 and 7, Shops). Money is never a JS float: amounts travel as strings
 * with exactly two decimals ("149.00"), and arithmetic uses integer centavos (`toCents`/`formatCents`).
 */
export const SHOP_CURRENCY = 'PHP';
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;
/** How long checkout keeps stock reserved for an unpaid order. */
export const RESERVATION_MINUTES = 30;
/** Unpaid (Pending, still reserved) orders one player may hold at once, across both shops (decision 0011). */
export const MAX_OPEN_ORDERS = 3;
export const ADDED_TO_CART_TOAST_MS = 1500;

export const SHOP_MESSAGES = {
  emptyShop: 'More products coming soon!',
  emptyCart: 'No items in cart.',
  outOfStock: 'Out of Stock',
  addedToCart: 'Added to Cart!',
  unknownSku: 'This product does not exist in this shop.',
  quantityRange: `Quantity must be a whole number from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}.`,
  duplicateSku: 'Each product may appear only once in the cart.',
  emptyCartCheckout: 'Your cart is empty.',
  /** More units of one product than one order may hold (PUT cart and checkout, 422 on items.N.quantity). */
  perOrderLimit: (name: string, max: number) => `You can buy at most ${max} of ${name} in one order.`,
  /** The per-order limit as the shop shows it on a product. */
  perOrderLimitHint: (max: number) => `Max ${max} per order`,
  /**
   * Checkout while the player already holds MAX_OPEN_ORDERS unpaid orders (422 on `orders`). An order can be
   * paid or canceled only on its payment page (the portal has no link back to it), else it expires.
   */
  tooManyOpenOrders: (open: number, minutesToNextExpiry: number) =>
    `You have ${open} unpaid orders. Pay or cancel one on its payment page, or wait until one expires (in ${minutesToNextExpiry} ${
      minutesToNextExpiry === 1 ? 'minute' : 'minutes'
    }), before starting another.`,
} as const;

/** The banner every shop, cart and payment page shows while payments take no real money. */
export const TEST_PAYMENTS_BANNER = 'Test payments: no real money';

/** numeric(12,2) comes back from the database as a string: exactly two decimals, without going through a float. */
export function money2(value: string): string {
  const [whole = '0', frac = ''] = value.split('.');
  return `${whole}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** "149.00" → 14900. Accepts up to two decimals; anything else throws. */
export function toCents(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 14900 → "149.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1499.50" → "1,499.50" for display. */
export function formatMoney(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** An amount as every page and mail writes it: "PHP 1,225.00". */
export const formatPrice = (amount: string, currency: string): string => `${currency} ${formatMoney(amount)}`;

export const moneySchema = z.object({
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

export const productGroupSchema = z.object({ external_id: z.string(), name: z.string() });
export type ProductGroup = z.infer<typeof productGroupSchema>;

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  price: moneySchema,
  /** Units that can still be bought (stock minus unpaid reservations). */
  available: z.number().int(),
  groups: z.array(productGroupSchema),
  /** Most units of this product one order may hold (beyond the spec: extra field, decision 0011). */
  max_per_order: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/** The path parameters of a shop's endpoints: which webshop. */
export const shopParamsSchema = z.object({ game: shopGameSchema });
/** Removing one cart line: the shop and the line's SKU. */
export const cartItemParamsSchema = shopParamsSchema.extend({ sku: z.string().min(1).max(64) });
/** A product picture's file name (`<name>.svg`). */
export const productImageParamsSchema = z.object({ file: z.string().max(80) });

/** GET /api/getproducts/{game}: `{ products }` for both shops. */
export const productsReplySchema = z.object({ products: z.array(productSchema) });
/** GET /api/getproducts/{game}/groups: `{ groups }` for both shops. */
export const groupsReplySchema = z.object({ groups: z.array(productGroupSchema) });

export const cartItemSchema = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  quantity: z.number().int(),
  /** Unit price. */
  price: moneySchema,
  /** Most units of this product one order may hold (beyond the spec: extra field, decision 0011). */
  max_per_order: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({ items: z.array(cartItemSchema), price: moneySchema });
export type Cart = z.infer<typeof cartSchema>;

export const cartWriteSchema = z.object({
  items: z
    .array(
      z.object({
        sku: z.string({ message: SHOP_MESSAGES.unknownSku }).trim().min(1, SHOP_MESSAGES.unknownSku).max(64),
        quantity: z
          .number({ message: SHOP_MESSAGES.quantityRange })
          .int(SHOP_MESSAGES.quantityRange)
          .min(CART_QUANTITY_MIN, SHOP_MESSAGES.quantityRange)
          .max(CART_QUANTITY_MAX, SHOP_MESSAGES.quantityRange),
      }),
      { message: 'Send items as a list of {sku, quantity}.' },
    )
    .max(100, 'A cart holds at most 100 different products.'),
});
export type CartWrite = z.infer<typeof cartWriteSchema>;

export const checkoutReplySchema = z.object({ redirectUri: z.string(), txnid: z.string() });
/**
 * POST /api/xsolla/{game}/checkout takes no body or `{}` (the cart is bought), or Buy Now's `{ sku }`: one unit of
 * that product alone, the cart left as it is (issue #27, decision 0044).
 */
export const checkoutRequestSchema = z
  .object({
    sku: z
      .string({ message: SHOP_MESSAGES.unknownSku })
      .trim()
      .min(1, SHOP_MESSAGES.unknownSku)
      .max(64)
      .optional(),
  })
  .strict()
  .nullish();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
/** How an order was bought: the whole cart, or Buy Now of one product. */
export const ORDER_ORIGINS = ['cart', 'buy_now'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
/**
 * Why an order FAILED: the card or the provider declined it, the player canceled on the payment page, its
 * reservation ran out, or no payment page could be opened. A declined or canceled cart order puts its lines
 * back in the cart (decision 0044).
 */
export const ORDER_FAILURE_REASONS = ['declined', 'canceled', 'expired', 'provider_error'] as const;
export type OrderFailureReason = (typeof ORDER_FAILURE_REASONS)[number];

/**
 * Pending → SUCCESSFUL | FAILED; a paid order (SUCCESSFUL, or FAILED with a late payment) → REFUNDED or
 * CHARGEBACK (decisions 0021, 0034).
 */
export const ORDER_STATUSES = ['Pending', 'SUCCESSFUL', 'FAILED', 'REFUNDED', 'CHARGEBACK'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** GET /api/xsolla/confirmation and POST /api/shop/yggdra/payconfirmation. The page adds '!'. */
export const confirmationReplySchema = z.object({
  message: z.string(),
  status: z.enum(ORDER_STATUSES),
  txnid: z.string(),
});
export type ConfirmationReply = z.infer<typeof confirmationReplySchema>;
/** GET /api/xsolla/confirmation's query: the order the return page shows (other parameters pass through). */
export const confirmationQuerySchema = z.looseObject({
  txnid: z.string({ message: 'txnid is required.' }).trim().min(1, 'txnid is required.').max(64),
});
/** The sandbox card page's link: the order and its token. */
export const sandboxLinkParamsSchema = z.object({ txnid: z.string().max(64) });
export const sandboxLinkQuerySchema = z.object({ token: z.string().max(1000).default('') });
export const payConfirmationSchema = z.object({
  txnid: z.string({ message: 'txnid is required.' }).trim().min(1, 'txnid is required.').max(64),
  /** Sent by the spec's client; the order owner is taken from the bearer token, never from this. */
  user: z.unknown().optional(),
});

/** GET /api/payments/mode: whether payments take real money (the sandbox, or Xsolla in its sandbox mode). */
export const paymentModeReplySchema = z.object({ test_payments: z.boolean() });
export type PaymentMode = z.infer<typeof paymentModeReplySchema>;

/** Test cards of the built-in sandbox payment page. */
export const SANDBOX_CARDS = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  pending: '4000 0000 0000 0259',
  duplicate: '4000 0000 0000 0077',
} as const;
