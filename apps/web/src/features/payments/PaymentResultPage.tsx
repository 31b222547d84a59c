import { ComingPanel } from '../../shell/ComingPanel';

export default function PaymentResultPage() {
  return <ComingPanel title="Payment Result" />;
}
