/** Passkeys (WebAuthn): the Security pages' section, loaded as its own chunk when first shown. */
import { lazy } from 'react';

/** The "Passkeys" section of the Security pages (player or admin); wrap it in Suspense. */
export const PasskeysSection = lazy(() => import('./PasskeysSection'));
