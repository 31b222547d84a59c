import type { Product, ProfileUser } from '@portal/contract';

/** A whole player as the server sends it (the client parses replies), with the fields a test cares about. */
export const aPlayer = (fields: Partial<ProfileUser> = {}): ProfileUser => ({
  uuid: 'u1',
  name: 'Test Player',
  email: 'player@example.com',
  phone_number: null,
  timeZone: null,
  isp: null,
  account_status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  role: 'user',
  referral_code: null,
  nickname: null,
  pin: null,
  profile: { gender: null, birthdate: null, age: null, occupation: null },
  addresses: [],
  games: [],
  email_verified_at: '2026-01-01T00:00:00.000Z',
  pending_email: null,
  has_password: true,
  my_referral_codes: [],
  pending_deletion: null,
  ...fields,
});

/** A product of a shop's catalog as the server sends it: PHP 10.00, five in stock, up to ten per order. */
export const aProduct = (sku: string, fields: Partial<Product> = {}): Product => ({
  id: sku,
  sku,
  name: `Item ${sku}`,
  description: '',
  image_url: `/shop-images/gem-${sku}.svg`,
  price: { amount: '10.00', currency: 'PHP' },
  available: 5,
  groups: [],
  max_per_order: 10,
  ...fields,
});
