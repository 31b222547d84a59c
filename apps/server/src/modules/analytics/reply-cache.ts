import { eq, sql } from 'drizzle-orm';
import { rollupWatermarks } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';

/** The rollup_watermarks row that rebuildRegistrationRollups sets, in its own transaction, to the DB clock. */
export const REGISTRATIONS_VERSION = 'registrations-version';

/** When the registration rollups last changed ('' before the first build). One primary-key read. */
export async function registrationRollupVersion(ctx: Pick<ServiceContext, 'db'>): Promise<string> {
  const [row] = await ctx.db
    .select({ value: sql<string>`${rollupWatermarks.value}::text` })
    .from(rollupWatermarks)
    .where(eq(rollupWatermarks.name, REGISTRATIONS_VERSION));
  return row?.value ?? '';
}

/**
 * Serialized replies of the registration series, reused while the registration rollups are unchanged.
 * Those rollups change only when a rebuild (the minute task, or a full one) changes rows, so until then the
 * same question has the same answer; a version bumped in the rebuild's own transaction makes a stale reply
 * impossible: a reply is stored under the version read before its query, so it is never older than that
 * version. The biggest reply (daily referral codes of one game: ~100,000 rows, ~9.7 MB) costs ~450–800 ms
 * to build and a socket write to resend. Least recently used replies are dropped beyond `maxBytes`.
 */
export function createReplyCache(maxBytes = 48 * 1024 * 1024) {
  const entries = new Map<string, { version: string; body: Buffer }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  };
  return async function cached(key: string, version: string, build: () => Promise<unknown>): Promise<Buffer> {
    const hit = entries.get(key);
    if (hit?.version === version) {
      // Map order is recency order: move the hit to the end.
      entries.delete(key);
      entries.set(key, hit);
      return hit.body;
    }
    drop(key);
    // Kept encoded: resending is a socket write, with no per-request copy of a multi-megabyte string.
    const body = Buffer.from(JSON.stringify(await build()));
    if (body.byteLength > maxBytes) return body;
    entries.set(key, { version, body });
    bytes += body.byteLength;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
    return body;
  };
}
