import { ComingPanel } from '../../shell/ComingPanel';

export default function ForgotPasswordPage() {
  return <ComingPanel title="Forgot Password" />;
}
