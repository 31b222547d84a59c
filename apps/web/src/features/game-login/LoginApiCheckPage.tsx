import { ComingPanel } from '../../shell/ComingPanel';

export default function LoginApiCheckPage() {
  return <ComingPanel title="Caliber Login Check" />;
}
