import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import type { DatabaseHandle } from './client';
import { preparedOnce, preparedStatement } from './prepared';

describe('prepared statements', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  beforeAll(async () => {
    [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('prepares once per database handle', async () => {
    const prepare = (label: string) => ({ preparedFor: label });
    const seen: string[] = [];
    const perDatabase = preparedOnce((db) => {
      const label = db === first.db ? 'first' : 'second';
      seen.push(label);
      return prepare(label);
    });
    expect([perDatabase(first.db), perDatabase(first.db), perDatabase(second.db)]).toEqual([
      { preparedFor: 'first' },
      { preparedFor: 'first' },
      { preparedFor: 'second' },
    ]);
    expect(seen).toEqual(['first', 'second']);
  });

  it('answers the rows of a raw statement, with the same placeholder usable twice', async () => {
    const sumAndText = preparedStatement<{ total: number; text: string }>(
      'prepared_test_sum',
      sql`select (${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int + ${sql.placeholder('a')}::int) as total,
        ${sql.placeholder('text')}::text as text`,
    );
    for (const db of [first.db, second.db]) {
      expect(await sumAndText(db, { a: 1, b: 2, text: 'one' })).toEqual([{ total: 4, text: 'one' }]);
      expect(await sumAndText(db, { a: 10, b: 5, text: "it's" })).toEqual([{ total: 25, text: "it's" }]);
    }
  });
});
