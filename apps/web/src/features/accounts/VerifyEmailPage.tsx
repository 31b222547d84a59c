import { ComingPanel } from '../../shell/ComingPanel';

export default function VerifyEmailPage() {
  return <ComingPanel title="Email Verification" />;
}
