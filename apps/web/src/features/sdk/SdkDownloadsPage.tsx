import { ComingPanel } from '../../shell/ComingPanel';

export default function SdkDownloadsPage() {
  return <ComingPanel title="SDK Downloads" />;
}
