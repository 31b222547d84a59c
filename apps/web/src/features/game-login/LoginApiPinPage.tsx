import { ComingPanel } from '../../shell/ComingPanel';

export default function LoginApiPinPage() {
  return <ComingPanel title="Caliber PIN Login" />;
}
