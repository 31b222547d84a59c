import type { AnalyticsRange } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dailyDownloads } from '../../db/schema/index';
import { boundsOf, type Ctx, dailyValues } from './query';

export async function gameDownloads(ctx: Ctx, game: string, r: AnalyticsRange) {
  const x = alias(dailyDownloads, 'x');
  const rows = await dailyValues(
    ctx,
    boundsOf(dailyDownloads, game, r),
    sql`coalesce((select ${x.downloads} from ${dailyDownloads} ${x} where ${x.game} = ${game} and ${x.day} = g::date), 0)`,
  );
  return rows.map((row) => ({ date: row.day, download_ids: JSON.stringify([{ downloads: row.value }]) }));
}
