import { type StaffSanction, staffEndpoints } from '@portal/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render';

export const PLAYER_ID = '11111111-1111-4111-8111-111111111111';
export const SANCTION_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

/** A sanction as staff read it, in force unless said. */
export const aStaffSanction = (fields: Partial<StaffSanction> = {}): StaffSanction => ({
  id: SANCTION_ID,
  player: PLAYER_ID,
  player_name: 'Pat <b>Player</b>',
  scope: 'game',
  kind: 'ban',
  game: 'caliber',
  category: 'cheating',
  note: 'An aimbot was seen in three matches.',
  staff_note: 'Anti-cheat case 42.',
  starts_at: '2030-01-02T03:04:00.000Z',
  expires_at: '2030-02-01T03:04:00.000Z',
  lifted_at: null,
  status: 'active',
  appeal: null,
  placed_by: 'Ana Staff',
  lifted_by: null,
  lift_reason: null,
  report_ids: [],
  ...fields,
});

type Answer = (init: RequestInit) => Response | Promise<Response>;
type Call = { method: string; url: string; body: unknown };

/**
 * A fake back office by method and path (the query string included); each route answers its replies in
 * turn, the last one again. The staff member's access answers `role` and `capabilities`.
 */
export function fakeServer(
  routes: Record<string, Answer[]>,
  access: { role: string; capabilities: string[] } = {
    role: 'support',
    capabilities: ['players.read', 'players.act'],
  },
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === staffEndpoints.access.path) return jsonResponse(access);
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const answers = routes[`${method} ${url}`];
      const answer = answers && (answers.length > 1 ? answers.shift() : answers[0]);
      return answer ? answer(init) : jsonResponse({ message: `no route ${method} ${url}` }, 404);
    }),
  );
  return calls;
}
