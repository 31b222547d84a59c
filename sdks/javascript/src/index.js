// Caliber launcher login for the Games Portal. No dependencies: uses the global fetch of Node.js 18+.

/** A sign-in the portal refused: wrong credentials, PIN locked, not registered for Caliber, ... */
export class LoginError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'LoginError';
    this.code = code;
  }
}

/** Any other failure: HTTP status and the portal's `{ message }`. */
export class PortalError extends Error {
  /** @param {number} status @param {string} message @param {unknown} body */
  constructor(status, message, body) {
    super(message);
    this.name = 'PortalError';
    this.status = status;
    this.body = body;
  }
}

async function call(baseUrl, path, body, headers = {}, fetchImpl = globalThis.fetch) {
  const res = await fetchImpl(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  let json = null;
  try {
    json = await res.json();
  } catch {
    // not JSON: reported below
  }
  if (!res.ok) throw new PortalError(res.status, json?.message ?? `HTTP ${res.status}`, json);
  return json;
}

function trimBase(baseUrl) {
  if (!baseUrl) throw new TypeError('baseUrl is required, e.g. https://portal.example.com');
  return String(baseUrl).replace(/\/+$/, '') + '/';
}

/** Client side (launcher): signs a player in and returns the launcher redirect URL carrying a one-time code. */
export class CaliberLauncherClient {
  /** @param {{ baseUrl: string, developer?: boolean, fetch?: typeof fetch }} options */
  constructor(options) {
    this.baseUrl = trimBase(options.baseUrl);
    this.developer = Boolean(options.developer);
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async #login(path, body) {
    const reply = await call(this.baseUrl, path, { ...body, developer: this.developer }, {}, this.fetch);
    const data = reply?.data ?? {};
    if (data.errorMessage) throw new LoginError(data.errorCode ?? 'LOGIN_FAILED', data.errorMessage);
    if (!data.redirectURL) throw new PortalError(200, 'The portal answered without a redirectURL.', reply);
    return { redirectURL: data.redirectURL, code: codeFromRedirect(data.redirectURL) };
  }

  /** POST /api/login-caliber */
  loginWithPassword(email, password) {
    return this.#login('api/login-caliber', { email, password });
  }

  /** POST /api/login-pin-caliber; `user` is the player's email or account uuid. */
  loginWithPin(user, pin) {
    return this.#login('api/login-pin-caliber', { user, pin });
  }
}

/** The one-time code in a launcher redirect URL such as caliber://login?code=... */
export function codeFromRedirect(redirectURL) {
  const query = String(redirectURL).split('?')[1] ?? '';
  const code = new URLSearchParams(query).get('code');
  if (!code) throw new TypeError('The redirect URL carries no code.');
  return code;
}

/** Server side (game server): exchanges a one-time code for the player's identity. Keep the key secret. */
export class CaliberGameServer {
  /** @param {{ baseUrl: string, serverKey: string, fetch?: typeof fetch }} options */
  constructor(options) {
    if (!options.serverKey) throw new TypeError('serverKey is required');
    this.baseUrl = trimBase(options.baseUrl);
    this.serverKey = options.serverKey;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** POST /api/game-login/exchange: valid once, within 60 seconds of the sign-in. */
  async exchangeCode(code) {
    const reply = await call(
      this.baseUrl,
      'api/game-login/exchange',
      { code },
      { authorization: `Bearer ${this.serverKey}` },
      this.fetch,
    );
    return reply.data;
  }
}
