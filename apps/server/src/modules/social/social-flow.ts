/**
 * Drives a provider's sign-in like a browser would (cookies, redirects, the login form), for the server
 * tests. Returns the provider's redirect back to the portal callback.
 */
export async function walkProvider(
  authorizationUrl: string,
  portalUrl: string,
  person: { email: string; name?: string; sub?: string; verified?: boolean },
): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  let url = authorizationUrl;
  let submitted = false;
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(portalUrl)) return url;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(res);
    if (res.status === 200 && !submitted) {
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no login form at ${url}`);
      const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
        ([, k, v]) => [k!, v!.replace(/&amp;/g, '&').replace(/&quot;/g, '"')] as [string, string],
      );
      const form = new URLSearchParams([
        ...hidden,
        ['email', person.email],
        ['name', person.name ?? 'Social Player'],
        ['sub', person.sub ?? ''],
        ...(person.verified === false ? [] : [['verified', 'true'] as [string, string]]),
      ]);
      submitted = true;
      res = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      remember(res);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}
