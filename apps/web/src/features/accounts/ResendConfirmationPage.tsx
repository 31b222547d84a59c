import { ComingPanel } from '../../shell/ComingPanel';

export default function ResendConfirmationPage() {
  return <ComingPanel title="Resend Email Verification" />;
}
