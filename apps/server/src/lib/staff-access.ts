import { STAFF_CAPABILITIES, type StaffCapability, type StaffNeed, type StaffRole } from '@portal/contract';

/**
 * Who may do what in the back-office: the one place roles are defined (printed in docs/staff-roles.md by
 * its test). Each staff endpoint declares the one capability it needs in the contract (`staff`, which its
 * route carries as `config.staff`), or 'own-account' (only a signed-in staff member: their own sign-out,
 * sessions, sign-in history and two-step setup). One that declares nothing is refused to every role, and the
 * access test fails until it declares its need.
 */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  owner: STAFF_CAPABILITIES,
  // Players' tickets: tables, actions, referral codes and developer accounts; no exports, sales or email blast.
  support: ['players.read', 'players.act', 'referrals.manage', 'developers.manage'],
  // Money: sales orders, their exports and refunds, the dashboards (revenue); player tables read-only.
  finance: ['players.read', 'sales.read', 'sales.export', 'sales.refund', 'analytics.read'],
  // Dashboards and read-only tables; no exports of personal data, no actions.
  analyst: ['players.read', 'analytics.read'],
};

/** What a staff endpoint needs (the contract's StaffNeed), enforced by the admin guard. */
export type RouteNeed = StaffNeed;

/** The capabilities of a role, for the navigation. */
export const capabilitiesOf = (role: StaffRole): StaffCapability[] => [...ROLE_CAPABILITIES[role]];

/** Whether a staff member of `role` may call a route that needs `need` (a route declaring none: nobody). */
export function mayCall(role: StaffRole, need: RouteNeed | undefined): boolean {
  if (!need) return false;
  return need === 'own-account' || ROLE_CAPABILITIES[role].includes(need);
}
