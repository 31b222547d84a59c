import { ComingPanel } from '../../shell/ComingPanel';

export default function ProfilePage() {
  return <ComingPanel title="Profile" />;
}
