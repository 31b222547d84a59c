import { MFA_MESSAGES } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { totpCredentials } from '../../db/schema/index';
import { accountDirectory } from '../../lib/account-directory';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, unauthenticated, validationError } from '../../lib/errors';
import { lockMinutes } from '../../lib/lockout';
import type { SessionKind } from '../../lib/sessions';
import { recordSecurityEvent } from '../security';

/** Whose second factor: a player (users.id) or an admin (admins.id). */
export interface MfaSubject {
  kind: SessionKind;
  id: string;
}

export type Credential = typeof totpCredentials.$inferSelect;

const ownedBy = (subject: MfaSubject) =>
  subject.kind === 'player'
    ? eq(totpCredentials.userId, subject.id)
    : eq(totpCredentials.adminId, subject.id);
export const owner = (subject: MfaSubject) =>
  subject.kind === 'player' ? { userId: subject.id } : { adminId: subject.id };
export const lockoutKey = (subject: MfaSubject) => `${subject.kind}:${subject.id}`;

export const conflict = (message: string) => new AppError('CONFLICT', message);
export const lockedOut = (ms: number) => new AppError('LOCKED_OUT', MFA_MESSAGES.lockedOut(lockMinutes(ms)));
export const wrongCode = () => validationError({ code: [MFA_MESSAGES.wrongCode] });

/** Writes one event to the account's security history (never fails the request). */
export const record = (
  ctx: ServiceContext,
  subject: MfaSubject,
  kind:
    | 'mfa_succeeded'
    | 'mfa_failed'
    | 'recovery_code_used'
    | 'recovery_codes_renewed'
    | 'two_step_enabled'
    | 'two_step_disabled',
  client: ClientInfo,
  detail?: string,
) => recordSecurityEvent(ctx, { ...owner(subject), kind, ...client, detail, at: ctx.clock.now() });

export async function findCredential(ctx: ServiceContext, subject: MfaSubject): Promise<Credential | null> {
  const [row] = await ctx.db.select().from(totpCredentials).where(ownedBy(subject)).limit(1);
  return row ?? null;
}

export async function findEnabledCredential(
  ctx: ServiceContext,
  subject: MfaSubject,
): Promise<Credential | null> {
  const credential = await findCredential(ctx, subject);
  return credential?.enabledAt ? credential : null;
}

/** The account's email, name and password hash (null: a social account without a password). */
export async function findAccount(ctx: ServiceContext, subject: MfaSubject) {
  const { players, staff } = accountDirectory();
  const [row] = rowsOf<{ email: string; name: string; password_hash: string | null }>(
    await ctx.db.execute(
      sql`select a.email, a.name, a.password_hash from ${subject.kind === 'player' ? players : staff} a
          where a.id = ${subject.id} limit 1`,
    ),
  );
  if (!row) throw unauthenticated();
  return { email: row.email, name: row.name, passwordHash: row.password_hash };
}

/**
 * Whether the player `userId` (an SQL expression, e.g. a column of the caller's statement) has two-step
 * verification on: an expression for another module's statement (the player's data export).
 */
export const playerTwoStepOn = (userId: SQL) =>
  sql<boolean>`exists (select 1 from ${totpCredentials} t where t.user_id = ${userId} and t.enabled_at is not null)`;

/** Whether the staff member `adminId` (an SQL expression of the caller's statement) has two-step on. */
export const adminTwoStepOn = (adminId: SQL) =>
  sql<boolean>`exists (select 1 from ${totpCredentials} t where t.admin_id = ${adminId} and t.enabled_at is not null)`;

export async function isTotpEnabled(ctx: ServiceContext, subject: MfaSubject): Promise<boolean> {
  return Boolean(await findEnabledCredential(ctx, subject));
}

/** When two-step verification was turned on (the last time), or null while it is off. */
export async function totpEnabledAt(ctx: ServiceContext, subject: MfaSubject): Promise<Date | null> {
  return (await findEnabledCredential(ctx, subject))?.enabledAt ?? null;
}
