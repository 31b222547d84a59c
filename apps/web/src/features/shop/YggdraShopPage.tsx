import { ComingPanel } from '../../shell/ComingPanel';

export default function YggdraShopPage() {
  return <ComingPanel title="Yggdra Webshop" />;
}
