/**
 * Parts of the browser-test world for social sign-in and the Caliber launcher (started by stack.ts):
 * a local OpenID provider standing in for Google, a local Facebook stand-in, and a "launcher" web page
 * that receives the launcher redirect (CALIBER_LAUNCHER_URL points at it) and tells the tests the
 * Caliber game server key created for the suite.
 */
import { createServer } from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { startFakeFacebook, startFakeGoogle } from '../../apps/server/src/modules/social/fake-providers';
import { E2E } from './ports';

export const SOCIAL_E2E = {
  googlePort: 3197,
  facebookPort: 3196,
  launcherPort: 3198,
  launcherUrl: 'http://127.0.0.1:3198/launch',
  devLauncherUrl: 'http://127.0.0.1:3198/launch-dev',
};

/** Starts the providers and the launcher page; returns the portal settings that point at them. */
export async function startSocialWorld(serverKey: () => string | undefined) {
  const google = await startFakeGoogle({
    port: SOCIAL_E2E.googlePort,
    clientId: 'e2e-google',
    clientSecret: 'e2e-google-secret',
    redirectUri: `${E2E.baseUrl}/api/auth/google/callback`,
  });
  const facebook = await startFakeFacebook({
    port: SOCIAL_E2E.facebookPort,
    clientId: 'e2e-facebook',
    clientSecret: 'e2e-facebook-secret',
    redirectUri: `${E2E.baseUrl}/api/auth/facebook/callback`,
  });
  const launcher = createServer((req, res) => {
    const url = new URL(req.url ?? '/', SOCIAL_E2E.launcherUrl);
    if (url.pathname === '/server-key') {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ key: serverKey() ?? null }));
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    const code = (url.searchParams.get('code') ?? '').replace(/[^\w-]/g, '');
    res.end(
      `<!doctype html><html><head><title>Caliber launcher</title></head><body><h1>Caliber launcher</h1><p>${url.pathname === '/launch-dev' ? 'developer build' : 'release build'}</p><p id="code">${code}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => launcher.listen(SOCIAL_E2E.launcherPort, '127.0.0.1', resolve));
  return {
    env: {
      ...google.env,
      ...facebook.env,
      CALIBER_LAUNCHER_URL: SOCIAL_E2E.launcherUrl,
      CALIBER_DEV_LAUNCHER_URL: SOCIAL_E2E.devLauncherUrl,
    },
    close: async () => {
      launcher.close();
      await google.close();
      await facebook.close();
    },
  };
}

/** The launcher page received the redirect (the developer build's with `dev`): the one-time code it carries. */
export async function launcherCode(page: Page, dev = false): Promise<string> {
  await page.waitForURL(dev ? /127\.0\.0\.1:3198\/launch-dev\?code=/ : /127\.0\.0\.1:3198\/launch\?code=/);
  return new URL(page.url()).searchParams.get('code')!;
}

/** The Caliber game server's exchange of a launcher code, with the suite's server key. */
export async function exchangeLauncherCode(request: APIRequestContext, code: string) {
  const res = await fetch(`http://127.0.0.1:${SOCIAL_E2E.launcherPort}/server-key`);
  const { key } = (await res.json()) as { key: string };
  return request.post('/api/game-login/exchange', {
    headers: { authorization: `Bearer ${key}` },
    data: { code },
  });
}
