import { createHash } from 'node:crypto';
import { groupsReplySchema, productsReplySchema, type ShopGame } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { shopCatalogVersion } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { listGroups, listProducts } from './catalog';

/**
 * The public catalog replies, cached in this process under the shared catalog version (docs/shop.md,
 * "Catalog cache"). Every change to products, stock, groups or memberships raises `shop_catalog_version`
 * in its own transaction (triggers, migration 0014), so a reply built under version V is right for as long
 * as the counter reads V, whichever process made the change.
 *
 * Freshness: each request waits for a version read that started after it arrived (reads are shared by the
 * requests that arrive while one is under way, so a busy process makes one tiny query per round trip, not
 * one per request). A reply therefore includes every change committed before its request came in.
 *
 * On the embedded database (PGlite: one process, one session, queries run on this thread, so nothing arrives
 * while a read is under way and reads could not be shared) the session instead listens for the
 * `shop_catalog` notification the triggers send (migration 0015) and keeps the version it last read until
 * one comes. PGlite delivers it before the changing commit returns, so the bound is the same.
 */
interface CachedReply {
  body: string;
  etag: string;
}

type Kind = 'products' | 'groups';

/** The part of a PGlite client the cache uses. */
interface EmbeddedClient {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
  exec(query: string): Promise<unknown>;
}

interface Entry extends CachedReply {
  version: number;
}

export interface CatalogCache {
  reply(game: ShopGame, kind: Kind): Promise<CachedReply>;
}

export function createCatalogCache(ctx: ServiceContext): CatalogCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();

  // Version reads: `current` is under way; requests arriving meanwhile wait for `next`, which starts when
  // `current` ends (it may have started before they arrived, so its answer could predate their change).
  let current: Promise<number> | null = null;
  let next: Promise<number> | null = null;

  const readOnce = async (): Promise<number> => {
    const [row] = await ctx.db
      .select({ version: shopCatalogVersion.version })
      .from(shopCatalogVersion)
      .where(eq(shopCatalogVersion.id, 1));
    return Number(row?.version ?? 0);
  };
  const start = (): Promise<number> => {
    const read = readOnce();
    current = read;
    const clear = () => {
      if (current === read) current = null;
    };
    read.then(clear, clear);
    return read;
  };
  const sharedVersion = (): Promise<number> => {
    if (!current) return start();
    if (!next) {
      const waitFor = current;
      const settled = () => {
        next = null;
        return start();
      };
      next = waitFor.then(settled, settled);
    }
    return next;
  };

  // PGlite: the version read last, kept until a notification says the catalog changed.
  const client = (ctx.db as unknown as { $client?: Partial<EmbeddedClient> }).$client;
  const embedded = typeof client?.listen === 'function' ? (client as EmbeddedClient) : null;
  let listening: Promise<void> | null = null;
  let known: number | null = null;
  let epoch = 0;
  const listen = async (db: EmbeddedClient) => {
    await db.listen('shop_catalog', () => {
      epoch += 1;
      known = null;
    });
    await db.exec("SET portal.catalog_notify = 'on'");
  };
  let unheard = false;
  const freshVersion = async (): Promise<number> => {
    if (!embedded || unheard) return sharedVersion();
    // Should listening fail, every request reads the version, as on PostgreSQL.
    listening ??= listen(embedded).catch(() => {
      unheard = true;
    });
    await listening;
    if (unheard) return sharedVersion();
    if (known !== null) return known;
    const seen = epoch;
    const version = await readOnce();
    if (epoch === seen) known = version;
    return version;
  };

  /** Reads the reply and the version in one snapshot, so the version names exactly that reply. */
  const build = (game: ShopGame, kind: Kind): Promise<Entry> =>
    ctx.transaction(
      async (tx) => {
        const [row] = await tx.db
          .select({ version: shopCatalogVersion.version })
          .from(shopCatalogVersion)
          .where(eq(shopCatalogVersion.id, 1));
        // Serialised as the routes' response schemas serialise (the bytes the uncached routes sent).
        const body =
          kind === 'products'
            ? JSON.stringify(productsReplySchema.encode({ products: await listProducts(tx, game) }))
            : JSON.stringify(groupsReplySchema.encode({ groups: await listGroups(tx, game) }));
        const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        return { version: Number(row?.version ?? 0), body, etag };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  return {
    async reply(game, kind) {
      const key = `${game}:${kind}`;
      const version = await freshVersion();
      const cached = entries.get(key);
      if (cached && cached.version >= version) return cached;
      let pending = building.get(key);
      if (!pending) {
        pending = build(game, kind).finally(() => building.delete(key));
        building.set(key, pending);
      }
      let entry = await pending;
      // A build that started before this request's version was read may predate it: build again.
      if (entry.version < version) entry = await build(game, kind);
      const latest = entries.get(key);
      if (!latest || latest.version < entry.version) entries.set(key, entry);
      return entry;
    },
  };
}

/** True when an If-None-Match header names this ETag (weak comparison, as GET uses). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}
