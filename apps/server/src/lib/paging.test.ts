import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { countRows, EXACT_COUNT_CAP } from './paging';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = (rows: number) =>
  countRows((query) => t.app.ctx.db.execute(query), sql`generate_series(1, ${rows}::int) n`, sql`n % 1 = 0`);

describe('countRows', () => {
  it('counts exactly up to the cap', async () => {
    expect(await count(EXACT_COUNT_CAP)).toEqual({ total: EXACT_COUNT_CAP, estimated: false });
    expect(await count(0)).toEqual({ total: 0, estimated: false });
  });

  it("answers the planner's estimate beyond the cap, never below what was seen", async () => {
    const many = await count(50_000);
    expect(many.estimated).toBe(true);
    expect(many.total).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(await count(EXACT_COUNT_CAP + 1)).toMatchObject({ estimated: true });
  });
});
