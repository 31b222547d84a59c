/// <reference path="../../types/oidc-provider.d.ts" />
/**
 * Local stand-ins for Google and Facebook, used by the server tests and the browser suite (never by the
 * portal itself). Google: a real OpenID provider (oidc-provider) whose login page asks for an email, a
 * name and whether the email is verified. Facebook: a small server speaking the OAuth dialog, the token
 * endpoint (with PKCE) and Graph /me.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface FakeClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface FakeProvider {
  /** Google: the issuer. Facebook: the base URL (FACEBOOK_* endpoints hang off it). */
  url: string;
  /** Portal configuration that points at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const esc = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(title: string, action: string, hidden: Record<string, string> = {}) {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>
<h1>${esc(title)}</h1>
<form method="post" action="${esc(action)}">${fields}
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" value="Test Player"></label>
<label>Account id <input name="sub" placeholder="derived from the email"></label>
<label><input type="checkbox" name="verified" value="true" checked> Email verified</label>
<button type="submit">Continue</button>
</form></body></html>`;
}

const subjectFor = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 21);

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A real OpenID provider standing in for Google. */
export async function startFakeGoogle(options: FakeClient & { port?: number }): Promise<FakeProvider> {
  const accounts = new Map<string, { email: string; email_verified: boolean; name: string }>();
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['fake-google-cookie-key'] },
    ttl: { Session: 60, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const handle = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (!match) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(loginPage('Sign in to Fake Google', url.pathname));
      }
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim();
      const sub = form.get('sub')?.trim() || subjectFor(email);
      accounts.set(sub, {
        email,
        email_verified: form.get('verified') === 'true',
        name: form.get('name') ?? '',
      });
      const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id ?? '' });
      grant.addOIDCScope(details.params.scope ?? 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  });
  return {
    url: issuer,
    env: {
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: options.clientId,
      GOOGLE_CLIENT_SECRET: options.clientSecret,
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Facebook's OAuth dialog, token endpoint and Graph /me, in memory. */
export async function startFakeFacebook(options: FakeClient & { port?: number }): Promise<FakeProvider> {
  type Person = { id: string; name: string; email: string | null };
  const codes = new Map<
    string,
    { person: Person; redirectUri: string; challenge: string; expires: number }
  >();
  const tokens = new Map<string, Person>();
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const base = `http://127.0.0.1:${port}`;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/dialog/oauth' && req.method === 'GET') {
      const q = url.searchParams;
      if (q.get('client_id') !== options.clientId || q.get('redirect_uri') !== options.redirectUri)
        return json(res, 400, { error: { message: 'Invalid client or redirect_uri' } });
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        return json(res, 400, { error: { message: 'PKCE required' } });
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        loginPage('Log in to Fake Facebook', '/dialog/oauth', {
          state: q.get('state') ?? '',
          code_challenge: q.get('code_challenge') ?? '',
        }),
      );
    }
    if (url.pathname === '/dialog/oauth' && req.method === 'POST') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim();
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        person: {
          id: form.get('sub')?.trim() || subjectFor(email),
          name: form.get('name') ?? '',
          email: email || null,
        },
        redirectUri: options.redirectUri,
        challenge: form.get('code_challenge') ?? '',
        expires: Date.now() + 60_000,
      });
      const target = new URL(options.redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', form.get('state') ?? '');
      res.statusCode = 302;
      res.setHeader('location', target.toString());
      return res.end();
    }
    if (url.pathname === '/oauth/access_token' && req.method === 'POST') {
      const form = await readForm(req);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64')
            .toString()
            .split(':')
            .map(decodeURIComponent)
        : [];
      const clientId = form.get('client_id') ?? basic[0];
      const secret = form.get('client_secret') ?? basic[1];
      if (clientId !== options.clientId || secret !== options.clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      const entry = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (
        !entry ||
        entry.expires < Date.now() ||
        entry.redirectUri !== form.get('redirect_uri') ||
        entry.challenge !== challenge
      )
        return json(res, 400, { error: 'invalid_grant' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, entry.person);
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (url.pathname === '/me' && req.method === 'GET') {
      const token =
        req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? url.searchParams.get('access_token') ?? '';
      const person = tokens.get(token);
      if (!person) return json(res, 401, { error: { message: 'Invalid OAuth access token.' } });
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      const out: Record<string, unknown> = {};
      for (const f of fields)
        if (f in person && person[f as keyof Person] !== null) out[f] = person[f as keyof Person];
      return json(res, 200, out);
    }
    json(res, 404, { error: { message: 'Unknown path' } });
  });
  return {
    url: base,
    env: {
      FACEBOOK_CLIENT_ID: options.clientId,
      FACEBOOK_CLIENT_SECRET: options.clientSecret,
      FACEBOOK_AUTH_URL: `${base}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${base}/oauth/access_token`,
      FACEBOOK_GRAPH_URL: base,
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
