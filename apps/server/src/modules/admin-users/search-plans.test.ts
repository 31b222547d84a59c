import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin } from '../../../test/fixtures';

// Searches take one of two plans by how many players match (see filterSql): both must answer the same way.
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  // 5,100 'Broad' players (more than NARROW_SEARCH) and 3 'Narrow' ones, registered an hour apart.
  await t.app.ctx.db.execute(`
    with made as (
      insert into users (name, email, created_at, updated_at)
      select case when n <= 3 then 'Narrow Match ' else 'Broad Match ' end || n, 'plan' || n || '@example.test',
        timestamptz '2025-01-01' + n * interval '1 hour', timestamptz '2025-01-01' + n * interval '1 hour'
      from generate_series(1, 5103) n
      returning id, created_at
    )
    insert into user_games (user_id, game, created_at, updated_at) select id, 'caliber', created_at, created_at from made`);
  auth = (await createAdmin(t.app.ctx)).auth;
});
afterAll(() => t.close());

const page = async (query: string) =>
  (await t.app.inject({ url: `/api/users/paginate/caliber?${query}`, headers: auth })).json();

describe('admin search plans', () => {
  it('a broad search pages newest first through the date index, with an estimated total', async () => {
    const first = await page('per_page=10&search=broad');
    expect(first.data).toHaveLength(10);
    expect(first.data[0].name).toBe('Broad Match 5103');
    expect(first.data.every((r: { name: string }) => r.name.startsWith('Broad'))).toBe(true);
    expect(first.total_is_estimate).toBe(true);
    const second = await page(new URL(first.next_page_url, 'http://x').search.slice(1));
    expect(second.data[0].name).toBe('Broad Match 5093');
  });

  it('a narrow search fetches its few players and counts them exactly', async () => {
    const found = await page('per_page=10&search=narrow');
    expect(found.data.map((r: { name: string }) => r.name)).toEqual([
      'Narrow Match 3',
      'Narrow Match 2',
      'Narrow Match 1',
    ]);
    expect(found).toMatchObject({ total: 3, total_is_estimate: false, last_page: 1 });
    expect((await page('search=nobody-matches-this')).data).toEqual([]);
  });
});
