import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../shell/visuallyHidden';
import { UsersTable } from './UsersTable';

/** All Users: a Caliber table and a Yggdra table. */
export default function AllUsersPage() {
  return (
    <>
      {/* The page's one h1, for screen readers; the tables' own titles are what the eye reads. */}
      <Typography component="h1" sx={visuallyHidden}>
        All Users
      </Typography>
      <UsersTable game="caliber" />
      <UsersTable game="yggdra" />
    </>
  );
}
