import { SecurityPage } from './SecurityPage';

/** /mlg/admin/security: the signed-in admin's own Security page. */
export default function AdminSecurityPage() {
  return <SecurityPage audience="admin" />;
}
