import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import type { DatabaseHandle } from './client';

// Only the PostgreSQL server has connections to lose; the suite runs there too when DATABASE_URL is set.
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('survives losing a connection held for an advisory lock, and serves on from fresh ones', async () => {
    const key = 424_242;
    const lostWhileHeld = database.withAdvisoryLock(key, async () => {
      const [holder] = await database.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted",
        [key],
      );
      expect(holder?.pid).toBeGreaterThan(0);
      await database.query('select pg_terminate_backend($1)', [holder!.pid]);
      // The server's notice reaches the held client while no query of it is running.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await expect(lostWhileHeld).rejects.toThrow();
    expect(await database.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    // The lock went with the connection: it can be taken again.
    expect(await database.withAdvisoryLock(key, async () => {})).toBe(true);
  });
});
