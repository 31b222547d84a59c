import type { AdminUserRow } from '@portal/contract';
import { formatDate } from '../../lib/format';

/** Whole years since a YYYY-MM-DD birthdate; empty without one. */
export function ageFrom(birthdate: string | null | undefined, today = new Date()): number | '' {
  if (!birthdate || !/^\d{4}-\d{2}-\d{2}$/.test(birthdate)) return '';
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age >= 0 ? age : '';
}

export const caliberOf = (row: AdminUserRow) => row.games.find((g) => g.name === 'caliber')?.caliber ?? null;
export const levelLabel = (row: AdminUserRow) => `lvl ${caliberOf(row)?.level ?? 0}`;
export const usDate = (value: string | null | undefined) => formatDate(value, '');
