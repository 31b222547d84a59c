import { ComingPanel } from '../../shell/ComingPanel';

export default function CaliberDashboardPage() {
  return <ComingPanel title="Caliber Dashboard" />;
}
