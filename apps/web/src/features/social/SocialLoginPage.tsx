import { ComingPanel } from '../../shell/ComingPanel';

export default function SocialLoginPage() {
  return <ComingPanel title="Set your game details" />;
}
