import { ComingPanel } from '../../shell/ComingPanel';

export default function SendEmailBlastPage() {
  return <ComingPanel title="Send Test Email" />;
}
