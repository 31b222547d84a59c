import { ComingPanel } from '../../shell/ComingPanel';

export default function TalesRunnerCartPage() {
  return <ComingPanel title="Tales Runner Cart" />;
}
