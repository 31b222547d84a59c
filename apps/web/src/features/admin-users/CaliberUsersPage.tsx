import { UsersTable } from './UsersTable';

export default function CaliberUsersPage() {
  return <UsersTable game="caliber" />;
}
