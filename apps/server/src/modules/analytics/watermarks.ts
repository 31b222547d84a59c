import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rollupWatermarks } from '../../db/schema/index';
import { excluded } from './sql';

/** Where a watermark-driven rollup task got to, or undefined before its first run. */
export async function readWatermark(db: Pick<Database, 'select'>, name: string): Promise<Date | undefined> {
  const [mark] = await db
    .select({ value: rollupWatermarks.value })
    .from(rollupWatermarks)
    .where(eq(rollupWatermarks.name, name));
  return mark?.value;
}

/** Sets a watermark; `value` may be SQL, e.g. the database clock. */
export async function writeWatermark(
  db: Pick<Database, 'insert'>,
  name: string,
  value: Date | SQL,
): Promise<void> {
  await db
    .insert(rollupWatermarks)
    .values({ name, value })
    .onConflictDoUpdate({ target: rollupWatermarks.name, set: { value: excluded(rollupWatermarks.value) } });
}
