import { ComingPanel } from '../../shell/ComingPanel';

export default function YggdraDashboardPage() {
  return <ComingPanel title="Yggdra Dashboard" />;
}
