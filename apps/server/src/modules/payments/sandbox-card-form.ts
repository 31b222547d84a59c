import { SANDBOX_CARDS } from '@portal/contract';
import { z } from 'zod';

/** What paying with each of the sandbox's test cards does (docs/payments.md). */
export type SandboxCardOutcome = keyof typeof SANDBOX_CARDS;

export const SANDBOX_CARD_MESSAGES = {
  cardholder: 'Enter the name on the card.',
  cardNumber: 'Enter a valid card number.',
  notATestCard: 'This sandbox accepts only the test cards listed below.',
  expiry: 'Enter the expiry date as MM/YY.',
  expired: 'This card has expired.',
  cvc: 'Enter the 3 or 4 digit security code.',
} as const;
const M = SANDBOX_CARD_MESSAGES;

/** The page's card fields in the order it shows them, which is the order of its error list. */
export const SANDBOX_CARD_FIELDS = ['cardholder', 'card_number', 'expiry', 'cvc'] as const;

const digits = (card: string) => card.replace(/\D/g, '');
const OUTCOME_OF_CARD = new Map(
  Object.entries(SANDBOX_CARDS).map(([outcome, card]) => [digits(card), outcome as SandboxCardOutcome]),
);

/** Luhn check of 13–19 digits, which may be grouped by spaces or dashes. */
function isCardNumber(value: string): boolean {
  const d = digits(value);
  if (d.length < 13 || d.length > 19 || /[^\d\s-]/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i += 1) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

const EXPIRY = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/;

/**
 * MM/YY, read as the first instant after that month (the card is good until then). Whether that is past is
 * for the checkout to say: it holds the clock.
 */
export const cardExpirySchema = z
  .string(M.expiry)
  .regex(EXPIRY, M.expiry)
  .transform((text) => {
    const [, month, year] = EXPIRY.exec(text)!;
    return new Date(Date.UTC(2000 + Number(year), Number(month), 1));
  });

const payForm = z.object({
  action: z.literal('pay'),
  cardholder: z.string(M.cardholder).trim().min(1, M.cardholder).max(80, M.cardholder),
  card_number: z
    .string(M.cardNumber)
    .refine(isCardNumber, { message: M.cardNumber, abort: true })
    .transform((card, ctx) => {
      const outcome = OUTCOME_OF_CARD.get(digits(card));
      if (outcome) return outcome;
      ctx.addIssue({ code: 'custom', message: M.notATestCard });
      return z.NEVER;
    }),
  expiry: cardExpirySchema,
  cvc: z.string(M.cvc).regex(/^\s*\d{3,4}\s*$/, M.cvc),
});

/** The posted form's fields; a body that is not an object (no urlencoded one) has none. */
export function submittedFields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * The sandbox card page's form (urlencoded, so every field is text): "Cancel payment", or a card to pay
 * with. Any submission but the cancel button's is a payment attempt, as the page has always read it (Enter
 * in a field sends the Pay button's action; another client may send none). Cancelling reads no card field.
 */
export const sandboxCardFormSchema = z.preprocess(
  (body) => {
    const fields = submittedFields(body);
    return { ...fields, action: fields.action === 'cancel' ? 'cancel' : 'pay' };
  },
  z.discriminatedUnion('action', [z.object({ action: z.literal('cancel') }), payForm]),
);
