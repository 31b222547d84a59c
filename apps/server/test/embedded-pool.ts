import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, embeddedHandle, PGLITE_EXTENSIONS } from '../src/db/client';

/**
 * The embedded databases of this worker (docs/testing.md). Loading the migrated snapshot into a new PGlite takes
 * about 2 s of a core (the engine's start and the data directory's load), paid by every test file; a closed
 * test database is instead emptied back to the migrated state (about 0.1–0.3 s) and handed to the next file.
 * What a file sees is the same: the migrated schema, the migrations' own rows, sequences from the start, a
 * session without settings or listeners. An engine that cannot be brought back so (a schema a test changed
 * and did not restore, a transaction left open, an error) is closed, not reused.
 */
const idle: PGlite[] = [];

/** How many engines wait to be handed out again (the pool's own test reads it). */
export const idleEngines = () => idle.length;

/** The migrated state, read from the first engine of this worker before any test touched it. */
interface MigratedState {
  /** Catalog fingerprint of the public schema: its relations and their columns. */
  schema: string;
  /** The rows the migrations wrote (table name → rows as JSON), restored when a test changed them. */
  rows: Map<string, string>;
  tables: string[];
  sequences: { name: string; lastValue: string | null }[];
}
let migrated: Promise<MigratedState> | undefined;

const SCHEMA_FINGERPRINT = `
  select md5(string_agg(c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':' || coalesce(a.atttypid::text, ''),
         ',' order by c.relname, a.attnum)) as value
  from pg_class c left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relnamespace = 'public'::regnamespace`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const rowsOf = (table: string) =>
  `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as value from ${quoted(table)} t`;
const SEQUENCES = `select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public'`;

/** The one value a query selects `as value`. */
async function selected(client: PGlite, text: string): Promise<string> {
  const { rows } = await client.query<{ value: string }>(text);
  return rows[0]!.value;
}

async function readMigratedState(client: PGlite): Promise<MigratedState> {
  const tables = (
    await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((row) => row.name);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const json = await selected(client, rowsOf(table));
    if (json !== '[]') rows.set(table, json);
  }
  const sequences = (await client.query<MigratedState['sequences'][number]>(SEQUENCES)).rows;
  return { schema: await selected(client, SCHEMA_FINGERPRINT), rows, tables, sequences };
}

/** Empties `client` back to the migrated state; false when it cannot be (then it is not reused). */
async function resetToMigrated(client: PGlite, state: MigratedState): Promise<boolean> {
  // Settings, prepared statements and listeners of the session that used it; fails inside an open transaction.
  await client.exec('discard all');
  if ((await selected(client, SCHEMA_FINGERPRINT)) !== state.schema) return false;
  const written = (
    await client.query<{ name: string }>(
      state.tables
        .map((table) => `select '${table}' as name where exists (select 1 from ${quoted(table)})`)
        .join(' union all '),
    )
  ).rows.map((row) => row.name);
  const changedSeeds: string[] = [];
  for (const [table, json] of state.rows)
    if ((await selected(client, rowsOf(table))) !== json) changedSeeds.push(table);
  const emptied = [...new Set([...written.filter((table) => !state.rows.has(table)), ...changedSeeds])];
  if (emptied.length > 0)
    await client.exec(`truncate ${emptied.map(quoted).join(', ')} restart identity cascade`);
  for (const table of changedSeeds)
    await client.query(
      `insert into ${quoted(table)} select * from jsonb_populate_recordset(null::${quoted(table)}, $1::jsonb)`,
      [state.rows.get(table)],
    );
  // A sequence moves on an insert that rolled back too, and a truncation cascades only to referencing tables.
  const now = (await client.query<MigratedState['sequences'][number]>(SEQUENCES)).rows;
  for (const sequence of state.sequences) {
    const current = now.find((row) => row.name === sequence.name);
    if (current?.lastValue === sequence.lastValue) continue;
    if (sequence.lastValue !== null) return false; // the migrations never advance one: nothing to restore to
    await client.exec(`alter sequence ${quoted(sequence.name)} restart`);
  }
  return true;
}

/** A migrated embedded database for one test: an idle engine of this worker, or one loaded from `snapshot`. */
export async function leaseEmbeddedDatabase(snapshot: () => Promise<Blob>): Promise<DatabaseHandle> {
  const client =
    idle.pop() ??
    (await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS, loadDataDir: await snapshot() }));
  migrated ??= readMigratedState(client);
  const state = await migrated;
  let returned = false;
  const channels = new Set<string>();
  // The file's handle: refused once closed, so nothing the file left running reaches the next file's data.
  const lease = new Proxy(client, {
    get(target, property) {
      if (returned) throw new Error('This test database was closed.');
      if (property === 'listen')
        return (channel: string, ...rest: unknown[]) => {
          channels.add(channel);
          return (target.listen as (...args: unknown[]) => unknown)(channel, ...rest);
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return embeddedHandle(lease, async () => {
    if (returned) return;
    returned = true;
    try {
      for (const channel of channels) await client.unlisten(channel);
      if (await resetToMigrated(client, state)) {
        idle.push(client);
        return;
      }
    } catch {
      // Not reusable (an open transaction, a broken engine): closed below.
    }
    await client.close();
  });
}
