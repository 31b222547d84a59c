import { ComingPanel } from '../../shell/ComingPanel';

export default function SalesDashboardPage() {
  return <ComingPanel title="Sales Dashboard" />;
}
