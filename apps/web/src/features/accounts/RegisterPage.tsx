import { ComingPanel } from '../../shell/ComingPanel';

export default function RegisterPage() {
  return <ComingPanel title="Register" />;
}
