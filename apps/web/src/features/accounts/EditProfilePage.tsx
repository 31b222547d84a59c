import { ComingPanel } from '../../shell/ComingPanel';

export default function EditProfilePage() {
  return <ComingPanel title="Edit Profile" />;
}
