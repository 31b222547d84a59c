import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database';
import { PERSONAL_DATA } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import type { PersonalDataRegistry } from '../../lib/personal-data';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/**
 * Every table of the migrated database that is or names a player or a staff member: users, admins, and the
 * tables with a foreign key to
 * users or admins, or a column called like one (user_id, owner_user_id, admin_id, invited_by_admin, actor_id,
 * player_id, customer_id…), which catches references kept without a foreign key too.
 */
async function tablesNamingPeople(): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(`
    select distinct c.table_name
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
      and (
        c.table_name in ('users', 'admins')
        or c.column_name ~ '(^|_)(user|admin|player|customer|actor)(_id)?$'
        or c.column_name = 'invited_by'
        or exists (
          select 1
          from information_schema.key_column_usage k
          join information_schema.referential_constraints r
            on r.constraint_schema = k.constraint_schema and r.constraint_name = k.constraint_name
          join information_schema.constraint_column_usage u
            on u.constraint_schema = r.unique_constraint_schema and u.constraint_name = r.unique_constraint_name
          where k.table_schema = c.table_schema and k.table_name = c.table_name
            and k.column_name = c.column_name and u.table_name in ('users', 'admins')
        )
      )
    order by 1`);
  return rows.map((row) => row.table_name);
}

/** Every table of the migrated database. */
async function allTables(): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.table_name);
}

/** Every table a declaration of `registry` names, personal or not. */
const declaredIn = (registry: PersonalDataRegistry) =>
  registry.flatMap((part) => [...Object.keys(part.tables), ...Object.keys(part.nothingPersonal ?? {})]);

/** The tables of `tables` that no declaration of `registry` names. */
const unregistered = (tables: string[], registry: PersonalDataRegistry) => {
  const declared = new Set(declaredIn(registry));
  return tables.filter((table) => !declared.has(table));
};

/** The tables a declaration of `registry` names that the database does not have. */
const missing = async (registry: PersonalDataRegistry) => {
  const existing = new Set(await allTables());
  return declaredIn(registry).filter((table) => !existing.has(table));
};

describe('the personal-data registry', () => {
  it('finds the tables that name people, with or without a foreign key', async () => {
    const tables = await tablesNamingPeople();
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'admins',
        'user_addresses',
        'orders',
        'game_events',
        'audit_log',
        'staff_invitations',
      ]),
    );
  });

  it('has every table that names a player or a staff member declared personal by its owner', async () => {
    const personal = new Set(PERSONAL_DATA.flatMap((part) => Object.keys(part.tables)));
    expect((await tablesNamingPeople()).filter((table) => !personal.has(table))).toEqual([]);
  });

  it('has every table of the database declared, personal or not', async () => {
    expect(unregistered(await allTables(), PERSONAL_DATA)).toEqual([]);
  });

  it('fails on a table no declaration names (the shop left out)', async () => {
    const probe = PERSONAL_DATA.filter((part) => !('shop_cart_items' in part.tables));
    expect(unregistered(await allTables(), probe)).toEqual([
      'shop_cart_items',
      'shop_catalog_version',
      'shop_groups',
      'shop_product_groups',
      'shop_products',
    ]);
  });

  it('declares only tables that exist, each once', async () => {
    const declared = declaredIn(PERSONAL_DATA);
    expect(new Set(declared).size).toBe(declared.length);
    expect(await missing(PERSONAL_DATA)).toEqual([]);
  });

  it('fails on a declared table the database does not have', async () => {
    const probe = [...PERSONAL_DATA, { tables: { player_notes: 'deleted' } }];
    expect(await missing(probe)).toEqual(['player_notes']);
  });
});
