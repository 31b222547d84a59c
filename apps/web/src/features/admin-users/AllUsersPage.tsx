import { ComingPanel } from '../../shell/ComingPanel';

export default function AllUsersPage() {
  return <ComingPanel title="All Users" />;
}
