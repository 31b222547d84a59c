import { ComingPanel } from '../../shell/ComingPanel';

export default function OverallDashboardPage() {
  return <ComingPanel title="Overall Dashboard" />;
}
