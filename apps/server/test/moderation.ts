import type { PlaceSanctionBody } from '@portal/contract';
import type { TestApp } from './app';

type Auth = { authorization: string };

/** A request as a signed-in caller makes it (staff, a player, or a game server's key). */
export const call = (
  t: TestApp,
  auth: Auth | Record<string, never>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** A sanction's body with sensible defaults: a week's account ban for cheating. */
export function sanctionBody(t: TestApp, overrides: Partial<PlaceSanctionBody> = {}): PlaceSanctionBody {
  const week = new Date(t.clock.now().getTime() + 7 * 24 * 3_600_000);
  return {
    scope: 'account',
    category: 'cheating',
    note: 'Aim assistance software was detected in ranked matches.',
    staff_note: 'Anti-cheat case 4411.',
    expires_at: week.toISOString(),
    ...overrides,
  } as PlaceSanctionBody;
}

/** Places a sanction through the staff API (the caller's session must be recent); the reply's sanction. */
export async function placeSanction(
  t: TestApp,
  staff: Auth,
  playerId: string,
  overrides: Partial<PlaceSanctionBody> = {},
) {
  const res = await call(
    t,
    staff,
    'POST',
    `/api/admin/players/${playerId}/sanctions`,
    sanctionBody(t, overrides),
  );
  if (res.statusCode !== 201) throw new Error(`placing a sanction answered ${res.statusCode}: ${res.body}`);
  return res.json().sanction as { id: string; status: string; expires_at: string | null };
}
