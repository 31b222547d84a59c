import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { openTestDatabase } from '../database';
import { idleEngines } from '../embedded-pool';

const opened: DatabaseHandle[] = [];
const open = async () => {
  const database = await openTestDatabase();
  opened.push(database);
  return database;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

// The pool belongs to the embedded engine; on the PostgreSQL server every file gets a database of its own.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded test databases of a worker', () => {
  it('hands a closed database to the next file emptied back to the migrated state', async () => {
    const first = await open();
    const [written] = await first.query<{ id: string }>(
      `insert into users (name, email, password_hash, created_at) values ('A', 'a@example.test', 'x', now()) returning id`,
    );
    const event = `insert into security_events (user_id, kind) values ($1, 'sign_in') returning id`;
    await first.query(event, [written!.id]);
    // A sequence moves on an insert that is rolled back too.
    await first.query('begin');
    await first.query(event, [written!.id]);
    await first.query('rollback');
    await first.query('update shop_catalog_version set version = version + 41');
    await first.query("set portal.catalog_notify = 'on'");
    const idleBefore = idleEngines();
    await first.close();
    expect(idleEngines()).toBe(idleBefore + 1);

    const second = await open();
    expect(idleEngines()).toBe(idleBefore);
    expect(await second.query('select id from users')).toEqual([]);
    expect(await second.query('select id from security_events')).toEqual([]);
    expect(await second.query('select id, version from shop_catalog_version')).toEqual([
      { id: 1, version: 0 },
    ]);
    // Reset: once set in a session, PostgreSQL keeps a custom setting defined, as empty.
    expect(await second.query("select current_setting('portal.catalog_notify', true) as value")).toEqual([
      { value: '' },
    ]);
    const [user] = await second.query<{ id: string }>(
      `insert into users (name, email, password_hash, created_at) values ('B', 'b@example.test', 'x', now()) returning id`,
    );
    expect(await second.query(event, [user!.id])).toEqual([{ id: 1 }]);
  });

  it('refuses the closed handle, so nothing a file left running reaches the next one', async () => {
    const database = await open();
    await database.close();
    await expect(database.query('select 1')).rejects.toThrow('This test database was closed.');
  });

  it('closes, not reuses, an engine whose schema a test changed and left so', async () => {
    const database = await open();
    await database.query('alter table users rename to users_away');
    const idleBefore = idleEngines();
    await database.close();
    expect(idleEngines()).toBe(idleBefore);
    const next = await open();
    expect(await next.query("select to_regclass('users')::text as users")).toEqual([{ users: 'users' }]);
  });
});
