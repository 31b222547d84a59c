import { ComingPanel } from '../../shell/ComingPanel';

export default function ReferralCodesPage() {
  return <ComingPanel title="Referral Codes" />;
}
