import { count, eq } from 'drizzle-orm';
import { totpCredentials, userAddresses, userGames, userProfiles, users } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';
import { hashSecret } from '../lib/hashing';
import { type MfaSubject, replaceRecoveryCodes, sealSecret } from '../modules/mfa';

/**
 * A player with two-step verification on, to try it (README): add DEMO_TWO_STEP.secret to an authenticator
 * app, or use one of its recovery codes once. The other demo accounts keep signing in without a second step.
 */
export const DEMO_TWO_STEP = {
  name: 'Gwen Ramos',
  email: 'gwen@demo.local',
  secret: 'GWENDEMOTOTPSECRETKEY2PORTAL4567',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `gwen${i}-demo${i}`),
} as const;

/** Creates the player (Caliber and Yggdra) with TOTP on when missing; idempotent. */
export async function seedTwoStepDemo(
  ctx: ServiceContext,
  password: string,
): Promise<Record<string, number> | null> {
  const [existing] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.email, DEMO_TWO_STEP.email));
  if ((existing?.n ?? 0) > 0) return null;
  const now = ctx.clock.now();
  const passwordHash = await hashSecret(password);
  const userId = await ctx.transaction(async (tx) => {
    const [user] = await tx.db
      .insert(users)
      .values({
        name: DEMO_TWO_STEP.name,
        email: DEMO_TWO_STEP.email,
        emailVerifiedAt: now,
        passwordHash,
        timeZone: 'Asia/Manila',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    const id = user!.id;
    await tx.db
      .insert(userProfiles)
      .values({ userId: id, gender: 'female', birthdate: '1995-07-21', occupation: 'Gamer' });
    await tx.db.insert(userAddresses).values({ userId: id, city: 'Demo City', country: 'Philippines' });
    for (const game of ['caliber', 'yggdra'] as const)
      await tx.db.insert(userGames).values({
        userId: id,
        game,
        nickname: game === 'caliber' ? 'gwen' : null,
        createdAt: now,
        updatedAt: now,
      });
    return id;
  });
  await enableTotpWithSecret(ctx, { kind: 'player', id: userId }, DEMO_TWO_STEP.secret, [
    ...DEMO_TWO_STEP.recoveryCodes,
  ]);
  return { twoStepPlayers: 1 };
}

/**
 * Turns TOTP on with a given secret and recovery codes, without a first code: for the demo data only, whose
 * secret is published. Does nothing when the account already has TOTP on.
 */
async function enableTotpWithSecret(
  ctx: ServiceContext,
  subject: MfaSubject,
  secret: string,
  recoveryCodes: string[],
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(totpCredentials)
      .values({
        ...(subject.kind === 'player' ? { userId: subject.id } : { adminId: subject.id }),
        secretEncrypted: sealSecret(ctx.config.SECRET_KEY, secret),
        enabledAt: ctx.clock.now(),
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: totpCredentials.id });
    if (!row) return false;
    await replaceRecoveryCodes(tx, row.id, recoveryCodes);
    return true;
  });
}
