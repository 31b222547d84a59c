import { useSearchParams } from 'react-router';
import { LauncherLoginForm } from './LauncherLoginForm';

/** /loginapi: email and password; with a `pin` query parameter, a PIN only. */
export default function LoginApiPage() {
  const [params] = useSearchParams();
  return <LauncherLoginForm mode={params.has('pin') ? 'pin' : 'password'} />;
}
