// No React, no contract schemas: main.tsx imports this before any of the app's stages (decision 0096).

interface EarlyRequest {
  authorization: string;
  response: Promise<Response>;
}

let openedWith: string | null = null;
const started = new Map<string, EarlyRequest>();

/**
 * Starts GETs of `paths` with `token`'s session on the page the app opens with, before the app has loaded
 * (shell/first-requests.ts says which), for the app's own calls to take (takeEarly).
 */
export function startEarly(paths: readonly string[], token: string): void {
  openedWith = window.location.pathname;
  const authorization = `Bearer ${token}`;
  for (const path of paths) {
    const response = fetch(path, { headers: { Accept: 'application/json', Authorization: authorization } });
    // A failure is the app's to report as it reads the answer (lib/api.ts); one never read is nobody's.
    response.catch(() => undefined);
    started.set(path, { authorization, response });
  }
}

/**
 * The answer of an early GET of `path` for the app's call of it (lib/api.ts): handed out once, to a GET with
 * the same bearer, while the page the app opened with is shown. Anything else goes to the network; once the
 * app shows another page the answers left are dropped, so a later visit never reads an old one.
 */
export function takeEarly(path: string, init: RequestInit | undefined): Promise<Response> | undefined {
  if (started.size === 0) return undefined;
  if (window.location.pathname !== openedWith) {
    started.clear();
    return undefined;
  }
  const early = started.get(path);
  if (!early || (init?.method ?? 'GET') !== 'GET') return undefined;
  if (new Headers(init?.headers).get('Authorization') !== early.authorization) return undefined;
  started.delete(path);
  return early.response;
}
