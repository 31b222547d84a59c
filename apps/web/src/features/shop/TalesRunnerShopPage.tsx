import { ComingPanel } from '../../shell/ComingPanel';

export default function TalesRunnerShopPage() {
  return <ComingPanel title="Tales Runner Webshop" />;
}
