import { ComingPanel } from '../../shell/ComingPanel';

export default function YggdraCartPage() {
  return <ComingPanel title="Yggdra Cart" />;
}
