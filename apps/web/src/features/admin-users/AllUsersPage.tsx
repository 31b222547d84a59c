import { UsersTable } from './UsersTable';

/** All Users: a Caliber table and a Yggdra table. */
export default function AllUsersPage() {
  return (
    <>
      <UsersTable game="caliber" />
      <UsersTable game="yggdra" />
    </>
  );
}
