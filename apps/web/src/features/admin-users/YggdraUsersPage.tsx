import { UsersTable } from './UsersTable';

export default function YggdraUsersPage() {
  return <UsersTable game="yggdra" />;
}
