import { ComingPanel } from '../../shell/ComingPanel';

export default function DeveloperVerifyPage() {
  return <ComingPanel title="Developer Email Verification" />;
}
