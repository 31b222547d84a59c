import { ADMIN_MESSAGES, type AdminCreate } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { admins } from '../../db/schema/index';
import { type AuditEntry, writeAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, forbidden, unauthenticated } from '../../lib/errors';
import { hashSecret, verifyDecoy, verifySecret } from '../../lib/hashing';
import { beginPasswordAttempt } from '../../lib/lockout';
import { challengeRequired } from '../../lib/proof-of-work';
import { issueSession, revokeAllSessions, revokeSession, type Session } from '../../lib/sessions';
import { sendNewDeviceEmail } from '../accounts';
import { recordSecurityEvent } from '../security';
import {
  type Audience,
  resumeSignIn,
  runSignIn,
  runTwoFactorSignIn,
  type SignInEnv,
  type SignInFlow,
  signInProof,
} from '../sign-in';

export type AdminRow = typeof admins.$inferSelect;

export function publicAdmin(admin: AdminRow) {
  return { id: admin.id, name: admin.name, email: admin.email, status: admin.status };
}

async function findAdminByEmail(ctx: ServiceContext, email: string): Promise<AdminRow | null> {
  const [row] = await ctx.db
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findAdminById(ctx: ServiceContext, id: string): Promise<AdminRow | null> {
  const [row] = await ctx.db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

/**
 * The password lockout of a staff member's password from `device` (docs/decisions/0028), keyed by the email;
 * shared by the admin sign-in and proving the password again (the staff step-up).
 */
function beginAdminPasswordAttempt(
  ctx: ServiceContext,
  email: string,
  admin: { id: string } | null,
  device: SignInDevice,
) {
  const client = device.clientFor(admin ? `admin:${admin.id}` : null);
  return beginPasswordAttempt(ctx, 'admin', email.trim().toLowerCase(), client);
}

function lockoutError(): AppError {
  return new AppError('LOCKED_OUT', ADMIN_MESSAGES.lockedOut);
}

/**
 * Staff as the sign-in pipeline sees them (docs/decisions/0053): the password under its lockout; an inactive
 * admin is refused.
 */
export const adminAudience: Audience<AdminRow> = {
  kind: 'admin',
  password: {
    begin: (ctx, admin, device) => beginAdminPasswordAttempt(ctx, admin.email, admin, device),
    matches: (admin, password) => verifySecret(admin.passwordHash, password),
    lockedOut: lockoutError,
  },
  find: findAdminById,
  refusal: (admin) => (admin.status === 'active' ? null : 'inactive'),
  alertNewDevice: (ctx, admin, device) =>
    sendNewDeviceEmail(ctx, admin, device, { kind: 'admin', id: admin.id }),
};

type AdminSignedIn = { token: string; admin: ReturnType<typeof publicAdmin> };

/**
 * The end of every admin sign-in whose first factor is `first`: the session (recording how it was proved,
 * which ADMIN_MFA=required reads), the last sign-in time and the audit log.
 */
const openAdminSession =
  (first: string) =>
  async (ctx: ServiceContext, admin: AdminRow, env: SignInEnv): Promise<AdminSignedIn> => {
    const token = await issueSession(ctx, 'admin', admin.id, env.client, signInProof(first, env));
    await ctx.db.update(admins).set({ lastLoginAt: ctx.clock.now() }).where(eq(admins.id, admin.id));
    await writeAudit(ctx, {
      actor: { kind: 'admin', id: admin.id, label: admin.email },
      action: 'admin.login',
      ip: env.client.ip ?? undefined,
    });
    return { token, admin: publicAdmin(admin) };
  };

/** The admin password flow: an inactive admin is recorded and audited on the first pass, then refused (403). */
const adminPasswordFlow: SignInFlow<AdminRow, AdminSignedIn> = {
  audience: adminAudience,
  challenge: { flow: 'admin', payload: {} },
  rulesBeforeChallenge: true,
  async refused(ctx, admin, _refusal, env) {
    if (!env.resumed) {
      await recordSecurityEvent(ctx, {
        adminId: admin.id,
        ...env.client,
        kind: 'sign_in_failed',
        at: ctx.clock.now(),
      });
      await writeAudit(ctx, {
        actor: { kind: 'admin', id: admin.id, label: admin.email },
        action: 'admin.login_inactive',
        ip: env.client.ip ?? undefined,
      });
    }
    throw forbidden(ADMIN_MESSAGES.inactive);
  },
  device: 'alert',
  open: openAdminSession('password'),
  event: { kind: 'sign_in' },
};

const adminPasskeyFlow: SignInFlow<AdminRow, AdminSignedIn> = {
  ...adminPasswordFlow,
  challenge: undefined,
  async refused(ctx, admin, _refusal, env) {
    await recordSecurityEvent(ctx, {
      adminId: admin.id,
      ...env.client,
      kind: 'sign_in_failed',
      detail: 'passkey: inactive',
      at: ctx.clock.now(),
    });
    throw forbidden(ADMIN_MESSAGES.inactive);
  },
  open: openAdminSession('passkey'),
  event: { kind: 'passkey_sign_in' },
};

/**
 * Admin sign-in: 401 for a wrong password or an unknown email (same body, one argon2 verification either
 * way), 403 for an inactive admin with the right password, 429 while the email is locked out.
 */
export async function loginAdmin(
  ctx: ServiceContext,
  input: { email: string; password: string },
  client: ClientInfo,
  device: SignInDevice,
) {
  const key = input.email.trim().toLowerCase();
  const ip = client.ip ?? undefined;
  const history = (adminId: string, kind: 'sign_in_failed' | 'sign_in_locked') =>
    recordSecurityEvent(ctx, { adminId, ...client, kind, at: ctx.clock.now() });
  const admin = key ? await findAdminByEmail(ctx, key) : null;
  return runSignIn(
    ctx,
    adminPasswordFlow,
    {
      attempt: await beginAdminPasswordAttempt(ctx, key, admin, device),
      async locked(attempt) {
        // Past the account's failures from untrusted clients: a proof of work per attempt (decision 0039).
        if (attempt.challengeRequired)
          throw await challengeRequired(ctx, 'sign-in', attempt.challengeSubject);
        if (admin) await history(admin.id, 'sign_in_locked');
        await writeAudit(ctx, { actor: null, action: 'admin.login_locked', details: { email: key }, ip });
        throw lockoutError();
      },
      async prove() {
        if (!admin) return verifyDecoy(input.password).then(() => null);
        return (await verifySecret(admin.passwordHash, input.password)) ? admin : null;
      },
      async wrong() {
        if (admin) await history(admin.id, 'sign_in_failed');
        await writeAudit(ctx, {
          actor: admin ? { kind: 'admin', id: admin.id, label: admin.email } : null,
          action: 'admin.login_failed',
          details: { email: key },
          ip,
        });
        throw new AppError('INVALID_CREDENTIALS', ADMIN_MESSAGES.invalidCredentials);
      },
      // An inactive admin's right password does not clear the lockout.
      clears: 'after-rules',
    },
    { client, device },
  );
}

/**
 * POST /api/admin/login/mfa: the second step of an admin sign-in (docs/decisions/0031); an admin
 * deactivated meanwhile is refused (403).
 */
export function completeAdminSignIn(
  ctx: ServiceContext,
  input: { mfa_token: string; code: string },
  client: ClientInfo,
  device: SignInDevice,
) {
  return resumeSignIn(ctx, { admin: () => adminPasswordFlow }, input, { client, device });
}

/**
 * The end of an admin passkey sign-in (docs/decisions/0033-passkeys.md): two factors proved, so no code
 * step; an inactive admin is refused (403).
 */
export async function signInAdminWithPasskey(
  ctx: ServiceContext,
  adminId: string,
  client: ClientInfo,
  device: SignInDevice,
) {
  const admin = await findAdminById(ctx, adminId);
  if (!admin) throw unauthenticated();
  return runTwoFactorSignIn(ctx, adminPasskeyFlow, { account: admin }, { client, device });
}

export async function logoutAdmin(ctx: ServiceContext, session: Session, ip?: string): Promise<void> {
  await revokeSession(ctx, session.id);
  await writeAudit(ctx, { actor: session, action: 'admin.logout', ip });
}

/**
 * Creates an admin (the command line, or an accepted staff invitation: pass its actor and its transaction's
 * context); 422 when the email is taken.
 */
export async function createAdmin(
  ctx: ServiceContext,
  input: AdminCreate,
  actor: AuditEntry['actor'] = { kind: 'system', label: 'cli' },
): Promise<AdminRow> {
  if (await findAdminByEmail(ctx, input.email)) {
    throw new AppError('ADMIN_EXISTS', 'An admin with this email already exists.', {
      email: ['An admin with this email already exists.'],
    });
  }
  const [row] = await ctx.db
    .insert(admins)
    .values({
      name: input.name,
      email: input.email.trim(),
      role: input.role,
      passwordHash: await hashSecret(input.password),
    })
    .returning();
  await writeAudit(ctx, {
    actor,
    action: 'admin.create',
    details: { adminId: row!.id, email: row!.email, role: row!.role },
  });
  return row!;
}

/** Activates or deactivates an admin; deactivation ends every session at once. */
export async function setAdminStatus(
  ctx: ServiceContext,
  email: string,
  status: 'active' | 'inactive',
): Promise<AdminRow> {
  const admin = await findAdminByEmail(ctx, email);
  if (!admin) throw new AppError('NOT_FOUND', `No admin with the email ${email}.`);
  await ctx.db.update(admins).set({ status }).where(eq(admins.id, admin.id));
  if (status === 'inactive') await revokeAllSessions(ctx, { adminId: admin.id });
  await writeAudit(ctx, {
    actor: { kind: 'system', label: 'cli' },
    action: status === 'inactive' ? 'admin.deactivate' : 'admin.activate',
    details: { adminId: admin.id, email: admin.email },
  });
  return { ...admin, status };
}
