import { randomUUID } from 'node:crypto';
import type { Game } from '@portal/contract';
import { admins, userAddresses, userGames, userProfiles, users } from '../src/db/schema/index';
import type { ServiceContext } from '../src/lib/context';
import { hashSecret } from '../src/lib/hashing';
import { issueSession } from '../src/lib/sessions';

export const FIXTURE_PASSWORD = 'Correct-Horse-7';

/**
 * A signed value with its first character changed. Always a different character: appending or overwriting a
 * fixed one ("x…", "…xx") leaves the value unchanged whenever it already held that character.
 */
export const alteredFirstCharacter = (value: string) =>
  `${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`;

/**
 * The fixture password's argon2id hash, made once per worker and stored for every fixture account: a sign-in
 * still pays a full verification, but making an account no longer pays a hash (OWASP's parameters, ~40 ms
 * of a core each, hundreds of accounts per worker).
 */
let fixtureHash: Promise<string> | undefined;
const fixturePasswordHash = () => (fixtureHash ??= hashSecret(FIXTURE_PASSWORD));

/** A verified, active player with a live session. Unique email per call, so tests never collide. */
export async function createPlayer(
  ctx: ServiceContext,
  overrides: Partial<typeof users.$inferInsert> & {
    games?: Game[];
    country?: string;
    birthdate?: string;
  } = {},
) {
  const { games = ['caliber'], country = 'Philippines', birthdate = '2000-01-15', ...userFields } = overrides;
  const [user] = await ctx.db
    .insert(users)
    .values({
      name: 'Test Player',
      email: `player-${randomUUID()}@example.test`,
      emailVerifiedAt: ctx.clock.now(),
      passwordHash: await fixturePasswordHash(),
      createdAt: ctx.clock.now(),
      ...userFields,
    })
    .returning();
  await ctx.db.insert(userProfiles).values({ userId: user!.id, gender: 'female', birthdate });
  await ctx.db.insert(userAddresses).values({ userId: user!.id, country });
  for (const game of games) {
    await ctx.db.insert(userGames).values({
      userId: user!.id,
      game,
      nickname: game === 'caliber' ? `nick${randomUUID().slice(0, 8)}` : null,
      createdAt: ctx.clock.now(),
    });
  }
  const token = await issueSession(ctx, 'player', user!.id);
  return { user: user!, token, password: FIXTURE_PASSWORD, auth: { authorization: `Bearer ${token}` } };
}

/** An active admin with a live session. */
export async function createAdmin(ctx: ServiceContext, overrides: Partial<typeof admins.$inferInsert> = {}) {
  const [admin] = await ctx.db
    .insert(admins)
    .values({
      name: 'Test Admin',
      email: `admin-${randomUUID()}@example.test`,
      passwordHash: await fixturePasswordHash(),
      ...overrides,
    })
    .returning();
  const token = await issueSession(ctx, 'admin', admin!.id);
  return { admin: admin!, token, password: FIXTURE_PASSWORD, auth: { authorization: `Bearer ${token}` } };
}
