import { Navigate, useSearchParams } from 'react-router';
import { PAGES } from '../../shell/pages';
import { launcherPath } from './api';

/**
 * /loginapicheck: where the launcher starts. With a remembered player (`user` query: email or uuid) it goes
 * on to the PIN page, otherwise to the full login; `developer` is carried along. No server call, so the
 * page reveals nothing about which accounts exist or have a PIN.
 */
export default function LoginApiCheckPage() {
  const [params] = useSearchParams();
  const user = params.get('user')?.trim();
  const developer = params.get('developer');
  return (
    <Navigate
      replace
      to={
        user
          ? launcherPath(PAGES.loginApiPin.path, { user, developer })
          : launcherPath(PAGES.loginApi.path, { developer })
      }
    />
  );
}
