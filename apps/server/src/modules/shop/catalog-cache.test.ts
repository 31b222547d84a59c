import { groupsReplySchema, productsReplySchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { buildApp } from '../../app';
import { expireReservations } from '../orders';
import { listGroups, listProducts } from './catalog';

let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  // A second process on the same database: its own cache, the same catalog version.
  second = await buildApp({
    config: t.app.ctx.config,
    database: t.database,
    clock: t.clock,
    logger: false,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url, headers });
const stockOf = (body: string, sku: string) =>
  (JSON.parse(body).products as { sku: string; available: number }[]).find((p) => p.sku === sku)?.available;

describe('the catalog cache', () => {
  it('answers the bytes the response schemas serialise, with an ETag, and 304 when it matches', async () => {
    const { skus } = await makeCatalog(
      t.app.ctx,
      'yggdra',
      [{ price: '12.50', available: 5, groups: ['g'] }],
      [{ externalId: 'g', name: 'Group' }],
    );
    const first = await get('/api/getproducts/yggdra');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toBe(
      JSON.stringify(productsReplySchema.encode({ products: await listProducts(t.app.ctx, 'yggdra') })),
    );
    expect(stockOf(first.body, skus[0]!)).toBe(5);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get('/api/getproducts/yggdra', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/api/getproducts/yggdra', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const groups = await get('/api/getproducts/yggdra/groups');
    expect(groups.statusCode).toBe(200);
    expect(groups.body).toBe(
      JSON.stringify(groupsReplySchema.encode({ groups: await listGroups(t.app.ctx, 'yggdra') })),
    );
    expect(
      (await get('/api/getproducts/yggdra/groups', { 'if-none-match': groups.headers.etag as string }))
        .statusCode,
    ).toBe(304);
  });

  it('a checkout, an expiry and a catalog write change the body and the ETag, in this process and another', async () => {
    const { skus } = await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '5.00', available: 4 }]);
    const sku = skus[0]!;
    const before = await get('/api/getproducts/talesrunner');
    const beforeOther = await get('/api/getproducts/talesrunner', {}, second);
    expect(beforeOther.body).toBe(before.body);
    expect(beforeOther.headers.etag).toBe(before.headers.etag);
    expect(stockOf(before.body, sku)).toBe(4);

    // Checkout through the second process: the first one sees the reservation on its next request.
    const player = await createPlayer(second.ctx, { games: ['talesrunner'] });
    expect((await fillCartAndCheckout(second, player.auth, 'talesrunner', sku, 3)).statusCode).toBe(200);
    const after = await get('/api/getproducts/talesrunner', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(stockOf(after.body, sku)).toBe(1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const afterOther = await get('/api/getproducts/talesrunner', {}, second);
    expect(afterOther.body).toBe(after.body);

    // The reservation expires: the units come back, in both processes.
    t.clock.advance(31 * 60 * 1000);
    await expireReservations(t.app.ctx);
    expect(stockOf((await get('/api/getproducts/talesrunner', {}, second)).body, sku)).toBe(4);
    const expired = await get('/api/getproducts/talesrunner');
    expect(stockOf(expired.body, sku)).toBe(4);

    // Any writer counts, even plain SQL outside the app's services.
    await t.database.query('update shop_products set available = 2 where sku = $1', [sku]);
    expect(stockOf((await get('/api/getproducts/talesrunner')).body, sku)).toBe(2);
    expect(stockOf((await get('/api/getproducts/talesrunner', {}, second)).body, sku)).toBe(2);

    // A catalog write (a new group) changes the groups reply.
    const groupsBefore = await get('/api/getproducts/talesrunner/groups', {}, second);
    const { tag } = await makeCatalog(
      t.app.ctx,
      'talesrunner',
      [{ price: '1.00', available: 1, groups: ['new'] }],
      [{ externalId: 'new', name: 'New' }],
    );
    const groupsAfter = await get('/api/getproducts/talesrunner/groups', {}, second);
    expect(groupsAfter.body).toContain(`new-${tag}`);
    expect(groupsAfter.headers.etag).not.toBe(groupsBefore.headers.etag);
  });
});
