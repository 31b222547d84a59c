import { SANDBOX_CARDS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARD_MESSAGES as M, sandboxCardFormSchema } from './sandbox-card-form';
import { readCardForm } from './sandbox-checkout';

const card = (number: string, fields: Record<string, string> = {}) => ({
  action: 'pay',
  cardholder: 'Ana Santos',
  card_number: number,
  expiry: '12/39',
  cvc: '123',
  ...fields,
});
const messagesOf = (form: unknown) => {
  const result = sandboxCardFormSchema.safeParse(form);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the sandbox card form', () => {
  it('reads each test card as its outcome, however its digits are grouped', () => {
    for (const [outcome, number] of Object.entries(SANDBOX_CARDS)) {
      for (const written of [number, number.replace(/ /g, ''), number.replace(/ /g, '-')])
        expect(sandboxCardFormSchema.parse(card(written))).toMatchObject({
          action: 'pay',
          card_number: outcome,
        });
    }
  });

  it('reads the expiry as the first instant after its month, and trims the name', () => {
    expect(sandboxCardFormSchema.parse(card(SANDBOX_CARDS.success, { expiry: ' 12 / 39 ' }))).toEqual({
      action: 'pay',
      cardholder: 'Ana Santos',
      card_number: 'success',
      expiry: new Date('2040-01-01T00:00:00Z'),
      cvc: '123',
    });
    expect(
      sandboxCardFormSchema.parse(card(SANDBOX_CARDS.success, { cardholder: '  Ana  ', expiry: '02/28' })),
    ).toMatchObject({ cardholder: 'Ana', expiry: new Date('2028-03-01T00:00:00Z') });
  });

  it('cancels without reading any card field', () => {
    expect(sandboxCardFormSchema.parse({ action: 'cancel' })).toEqual({ action: 'cancel' });
    expect(sandboxCardFormSchema.parse({ action: 'cancel', card_number: 'x', expiry: '99/99' })).toEqual({
      action: 'cancel',
    });
  });

  it('gives every message of an empty or missing form, in the page order', () => {
    const all = [M.cardholder, M.cardNumber, M.expiry, M.cvc];
    expect(messagesOf({ action: 'pay', cardholder: '', card_number: '', expiry: '', cvc: '' })).toEqual(all);
    // Any submission but the cancel button's is a payment attempt, with or without an action.
    expect(messagesOf({})).toEqual(all);
    expect(messagesOf({ action: 'refund' })).toEqual(all);
    // Not a form at all (the page posts urlencoded fields): nothing was filled in.
    expect(messagesOf(['cardholder'])).toEqual(all);
    expect(messagesOf(null)).toEqual(all);
  });

  it('gives one message per wrong field', () => {
    expect(messagesOf(card(SANDBOX_CARDS.success, { cardholder: '   ' }))).toEqual([M.cardholder]);
    expect(messagesOf(card(SANDBOX_CARDS.success, { cardholder: 'A'.repeat(81) }))).toEqual([M.cardholder]);
    expect(messagesOf(card('1234 5678 9012 3456'))).toEqual([M.cardNumber]);
    expect(messagesOf(card('4242 4242 4242'))).toEqual([M.cardNumber]);
    expect(messagesOf(card('4242.4242.4242.4242'))).toEqual([M.cardNumber]);
    // A real card number (Luhn-valid) that is not a test card: told so, and only so.
    expect(messagesOf(card('4111 1111 1111 1111'))).toEqual([M.notATestCard]);
    for (const expiry of ['13/20', '00/30', '1/30', '12/2039', '12-39'])
      expect(messagesOf(card(SANDBOX_CARDS.success, { expiry }))).toEqual([M.expiry]);
    for (const cvc of ['12', '12345', 'abc', ''])
      expect(messagesOf(card(SANDBOX_CARDS.success, { cvc }))).toEqual([M.cvc]);
    expect(messagesOf(card(SANDBOX_CARDS.success, { cvc: ' 1234 ' }))).toEqual([]);
  });
});

describe('reading the form at a time (the checkout holds the clock)', () => {
  const now = new Date('2026-03-15T12:00:00Z');

  it('pays with a card good beyond this month; a card whose month is over has expired', () => {
    expect(readCardForm(card(SANDBOX_CARDS.pending, { expiry: '03/26' }), now)).toEqual({
      action: 'pay',
      card: 'pending',
    });
    expect(readCardForm(card(SANDBOX_CARDS.success, { expiry: '02/26' }), now)).toEqual({
      action: 'pay',
      errors: [M.expired],
      cardholder: 'Ana Santos',
    });
    // The month ends at midnight UTC of the next one.
    expect(
      readCardForm(card(SANDBOX_CARDS.success, { expiry: '03/26' }), new Date('2026-04-01T00:00:00Z')),
    ).toMatchObject({ errors: [M.expired] });
  });

  it('reports an expired card with the other wrong fields, in the expiry field place', () => {
    const reading = readCardForm(
      { action: 'pay', cardholder: ' Ana ', card_number: '4111111111111111', expiry: '01/20', cvc: 'x' },
      now,
    );
    expect(reading).toEqual({ action: 'pay', errors: [M.notATestCard, M.expired, M.cvc], cardholder: 'Ana' });
  });

  it('keeps the name as typed for the page shown again, and cancels whatever the card fields hold', () => {
    expect(readCardForm({ cardholder: ` ${'B'.repeat(90)} ` }, now)).toEqual({
      action: 'pay',
      errors: [M.cardholder, M.cardNumber, M.expiry, M.cvc],
      cardholder: 'B'.repeat(90),
    });
    expect(readCardForm({ action: 'cancel', expiry: '01/20' }, now)).toEqual({ action: 'cancel' });
  });
});
