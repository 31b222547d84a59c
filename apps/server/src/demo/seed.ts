import type { Game } from '@portal/contract';
import { count, eq, sql } from 'drizzle-orm';
import { admins, referralCodes, userAddresses, userGames, userProfiles, users } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';
import { hashSecret } from '../lib/hashing';
import { seedDemoApp } from '../modules/oidc';
import { referralUrl } from '../modules/referrals';
import { seedAnalyticsDemo } from './analytics';
import { seedDevelopersDemo } from './developers';
import { seedEmailBlastDemo } from './email-blast';
import { seedGameWebhooksDemo } from './game-webhooks';
import { seedShopDemo } from './shop';
import { seedTwoStepDemo } from './two-step';

export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'AdminDemo!2026', name: 'Demo Admin' };
export const DEMO_PLAYER_PASSWORD = 'PlayerDemo!2026';

const DEMO_PLAYERS: {
  name: string;
  email: string;
  games: Game[];
  country: string;
  gender: 'male' | 'female' | 'non-binary' | 'prefer-not-to-say';
  birthdate: string;
  role?: 'admin';
}[] = [
  {
    name: 'Ana Santos',
    email: 'ana@demo.local',
    games: ['caliber', 'talesrunner', 'yggdra'],
    country: 'Philippines',
    gender: 'female',
    birthdate: '1996-04-12',
    role: 'admin',
  },
  {
    name: 'Ben Cruz',
    email: 'ben@demo.local',
    games: ['caliber'],
    country: 'Philippines',
    gender: 'male',
    birthdate: '2001-09-30',
  },
  {
    name: 'Carla Reyes',
    email: 'carla@demo.local',
    games: ['talesrunner', 'yggdra'],
    country: 'Singapore',
    gender: 'female',
    birthdate: '1989-01-05',
  },
  {
    name: 'Dan Lim',
    email: 'dan@demo.local',
    games: ['caliber', 'yggdra'],
    country: 'Malaysia',
    gender: 'non-binary',
    birthdate: '1999-12-24',
  },
  {
    name: 'Eve Tan',
    email: 'eve@demo.local',
    games: ['talesrunner'],
    country: 'Indonesia',
    gender: 'prefer-not-to-say',
    birthdate: '2004-06-18',
  },
  {
    name: 'Finn Garcia',
    email: 'finn@demo.local',
    games: ['yggdra'],
    country: 'Philippines',
    gender: 'male',
    birthdate: '1993-03-03',
  },
];

/**
 * The demo world, one seeder per module. Each seeder is idempotent on its own: it makes its part only
 * when that part is empty, and returns what it made (or null). Order matters: later ones use players.
 */
const SEEDERS: { name: string; seed: (ctx: ServiceContext) => Promise<Record<string, number> | null> }[] = [
  { name: 'accounts', seed: seedPlayersAndAdmin },
  { name: 'developers', seed: seedDevelopersDemo },
  { name: 'shop', seed: seedShopDemo },
  { name: 'analytics', seed: seedAnalyticsDemo },
  { name: 'email-blast', seed: seedEmailBlastDemo },
  { name: 'two-step', seed: (ctx) => seedTwoStepDemo(ctx, DEMO_PLAYER_PASSWORD) },
  { name: 'game-webhooks', seed: seedGameWebhooksDemo },
  { name: 'oidc', seed: seedDemoApp },
];

export async function seedDemo(ctx: ServiceContext): Promise<Record<string, Record<string, number>>> {
  // Demo accounts have published passwords: a production database must never get them, whatever the caller.
  if (ctx.config.NODE_ENV === 'production') throw new DemoInProductionError();
  const made: Record<string, Record<string, number>> = {};
  for (const seeder of SEEDERS) {
    const result = await seeder.seed(ctx);
    if (result) made[seeder.name] = result;
  }
  return made;
}

export class DemoInProductionError extends Error {
  constructor() {
    super('Demo data is never created with NODE_ENV=production: its passwords are published.');
  }
}

/** Players on every game, the demo admin and referral codes; nothing when any player exists. */
async function seedPlayersAndAdmin(ctx: ServiceContext): Promise<Record<string, number> | null> {
  const { db, config } = ctx;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;

  const passwordHash = await hashSecret(DEMO_PLAYER_PASSWORD);
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    for (const [index, player] of DEMO_PLAYERS.entries()) {
      const createdAt = new Date(now.getTime() - (DEMO_PLAYERS.length - index) * 86_400_000 * 3);
      const [user] = await tx.db
        .insert(users)
        .values({
          name: player.name,
          email: player.email,
          emailVerifiedAt: createdAt,
          passwordHash,
          phoneNumber: `0917${String(1000000 + index)}`,
          timeZone: 'Asia/Manila',
          role: player.role ?? 'member',
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.db
        .insert(userProfiles)
        .values({ userId, gender: player.gender, birthdate: player.birthdate, occupation: 'Gamer' });
      await tx.db.insert(userAddresses).values({
        userId,
        address1: `${index + 1} Demo Street`,
        city: 'Demo City',
        province: 'Demo Province',
        country: player.country,
      });
      for (const game of player.games) {
        await tx.db.insert(userGames).values({
          userId,
          game,
          nickname: game === 'caliber' ? player.name.split(' ')[0]!.toLowerCase() : null,
          level: game === 'caliber' ? 5 + index * 3 : 0,
          createdAt,
          updatedAt: createdAt,
        });
      }
      const code = `${player.name.split(' ')[0]!.toUpperCase()}${index + 1}`;
      const game = player.games[0]!;
      await tx.db.insert(referralCodes).values({
        code,
        game,
        url: referralUrl(config.PUBLIC_URL, game, code),
        ownerUserId: userId,
        createdAt,
      });
    }
    await tx.db
      .insert(admins)
      .values({
        name: DEMO_ADMIN.name,
        email: DEMO_ADMIN.email,
        passwordHash: await hashSecret(DEMO_ADMIN.password),
      })
      .onConflictDoNothing();
  });
  const [admin] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, DEMO_ADMIN.email));
  return { players: DEMO_PLAYERS.length, admins: admin ? 1 : 0 };
}
