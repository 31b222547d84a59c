import { LauncherLoginForm } from './LauncherLoginForm';

/** /loginapipin: the PIN sign-in of the launcher (`user` = the remembered email or uuid). */
export default function LoginApiPinPage() {
  return <LauncherLoginForm mode="pin" />;
}
