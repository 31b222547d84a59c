import type { AdminUserRow } from '@portal/contract';
import { ageOn } from '../../lib/age';
import type { SheetColumn } from '../../lib/spreadsheet';

/** US short date (M/D/YYYY) in UTC, as the tables show dates. */
function usDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

/** Columns of the users exports: the table's columns; Caliber adds Level and Last Login. */
export function userColumns(game: string, today: Date, referral = false): SheetColumn<AdminUserRow>[] {
  const caliber = (r: AdminUserRow) => r.games.find((g) => g.name === 'caliber')?.caliber ?? null;
  if (referral) {
    return [
      { header: 'Name', value: (r) => r.name, width: 24 },
      { header: 'Referral Code', value: (r) => r.referral_code ?? '' },
      { header: 'Email', value: (r) => r.email, width: 30 },
      { header: 'Phone Number', value: (r) => r.phone_number ?? '' },
      { header: 'Game', value: (r) => r.games[0]?.name ?? '' },
      { header: 'Level', value: (r) => `lvl ${caliber(r)?.level ?? 0}` },
      { header: 'Created At', value: (r) => usDate(r.registered_at) },
    ];
  }
  const columns: SheetColumn<AdminUserRow>[] = [
    { header: 'Name', value: (r) => r.name, width: 24 },
    { header: 'Email', value: (r) => r.email, width: 30 },
    { header: 'Phone Number', value: (r) => r.phone_number ?? '' },
    { header: 'Referral Code', value: (r) => r.referral_code ?? '' },
    { header: 'Game', value: (r) => r.games[0]?.name ?? '' },
    { header: 'Country', value: (r) => r.addresses[0]?.country ?? '' },
    { header: 'Gender', value: (r) => r.profile?.gender ?? '' },
    { header: 'Birthdate', value: (r) => usDate(r.profile?.birthdate) },
    { header: 'Age', value: (r) => ageOn(r.profile?.birthdate ?? null, today) },
    { header: 'Registered At', value: (r) => usDate(r.registered_at) },
  ];
  if (game === 'caliber') {
    columns.push(
      { header: 'Level', value: (r) => `lvl ${caliber(r)?.level ?? 0}` },
      { header: 'Last Login', value: (r) => usDate(caliber(r)?.session_start) },
    );
  }
  return columns;
}
