import { ComingPanel } from '../../shell/ComingPanel';

export default function LoginApiPage() {
  return <ComingPanel title="Caliber Login" />;
}
