import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../shell/visuallyHidden';
import { UsersTable } from './UsersTable';

export default function YggdraUsersPage() {
  return (
    <>
      {/* The page's one h1, for screen readers; the table's own title is what the eye reads. */}
      <Typography component="h1" sx={visuallyHidden}>
        Yggdra Users
      </Typography>
      <UsersTable game="yggdra" />
    </>
  );
}
