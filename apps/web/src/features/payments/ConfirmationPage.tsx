import { ComingPanel } from '../../shell/ComingPanel';

export default function ConfirmationPage() {
  return <ComingPanel title="Payment Confirmation" />;
}
