import { ComingPanel } from '../../shell/ComingPanel';

export default function CaliberUsersPage() {
  return <ComingPanel title="Caliber Users" />;
}
