import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../shell/visuallyHidden';
import { UsersTable } from './UsersTable';

/** All Users: a table of each game's players (Caliber, Yggdra, Tales Runner), each with its own search. */
export default function AllUsersPage() {
  return (
    <>
      {/* The page's one h1, for screen readers; the tables' own titles are what the eye reads. */}
      <Typography component="h1" sx={visuallyHidden}>
        All Users
      </Typography>
      <UsersTable game="caliber" />
      <UsersTable game="yggdra" />
      <UsersTable game="talesrunner" />
    </>
  );
}
