import { ComingPanel } from '../../shell/ComingPanel';

export default function ResetPasswordPage() {
  return <ComingPanel title="Change your Password" />;
}
