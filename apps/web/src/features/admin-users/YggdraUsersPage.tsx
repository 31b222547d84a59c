import { ComingPanel } from '../../shell/ComingPanel';

export default function YggdraUsersPage() {
  return <ComingPanel title="Yggdra Users" />;
}
