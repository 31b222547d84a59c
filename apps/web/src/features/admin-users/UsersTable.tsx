import Link from '@mui/material/Link';
import type { AdminUserRow, TableGame } from '@portal/contract';
import { adminUsersEndpoints, GAME_LABELS } from '@portal/contract';
import { generatePath, Link as RouterLink } from 'react-router';
import { PAGES } from '../../shell/pages';
import { useStaffAccess } from '../../shell/staff-access';
import { AccountStatusCell } from './AccountStatusCell';
import { AdminTable, type Column } from './AdminTable';
import { ageFrom, caliberOf, levelLabel, usDate } from './rows';

const base: Column<AdminUserRow>[] = [
  {
    header: 'Name',
    cell: (r) => (
      <Link component={RouterLink} to={generatePath(PAGES.player.path, { id: r.id })}>
        {r.name}
      </Link>
    ),
  },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Phone Number', cell: (r) => r.phone_number ?? '' },
  { header: 'Referral Code', cell: (r) => r.referral_code ?? '' },
  { header: 'Game', cell: (r) => r.games[0]?.name ?? '' },
  { header: 'Country', cell: (r) => r.addresses[0]?.country ?? '' },
  { header: 'Gender', cell: (r) => r.profile?.gender ?? '' },
  { header: 'Birthdate', cell: (r) => usDate(r.profile?.birthdate) },
  { header: 'Age', cell: (r) => ageFrom(r.profile?.birthdate) },
  { header: 'Registered At', cell: (r) => usDate(r.registered_at) },
];
const caliberExtra: Column<AdminUserRow>[] = [
  { header: 'Level', cell: levelLabel },
  { header: 'Last Login', cell: (r) => usDate(caliberOf(r)?.session_start) },
];
/** Not one of the spec's columns: suspension from the table (and not in the export). */
const account: Column<AdminUserRow> = { header: 'Account', cell: (r) => <AccountStatusCell row={r} /> };

/** Caliber, Yggdra or Tales Runner Users (Caliber adds Level and Last Login), then the Account column. */
export function UsersTable({ game }: { game: TableGame }) {
  // The export holds personal data: offered only to a role with players.export.
  const mayExport = useStaffAccess().grants('players.export');
  return (
    <AdminTable<AdminUserRow>
      title={`${GAME_LABELS[game]} Users`}
      list={adminUsersEndpoints.list}
      exportLink={mayExport ? adminUsersEndpoints.exportLink : undefined}
      params={{ game }}
      columns={game === 'caliber' ? [...base, ...caliberExtra, account] : [...base, account]}
      rowKey={(r) => r.id}
    />
  );
}
