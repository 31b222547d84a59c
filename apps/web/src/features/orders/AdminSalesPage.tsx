import SalesDashboardPage from './SalesDashboardPage';

/** /mlg/admin/sales: the sales dashboard in the back-office, for staff whose role opens sales (finance, owner). */
export default function AdminSalesPage() {
  return <SalesDashboardPage audience="admin" />;
}
