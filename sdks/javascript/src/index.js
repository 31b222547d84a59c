// Games Portal SDK: the Caliber launcher login, entitlements, player safety (reports and standing) and signed
// webhooks for game servers.
// No dependencies: uses the global fetch and node:crypto of Node.js 18+.
import { createHmac, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

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

/** A webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not act on it. */
export class WebhookError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'WebhookError';
  }
}

/** POST with a JSON body, or GET when `body` is undefined. */
async function call(baseUrl, path, body, headers = {}, fetchImpl = globalThis.fetch) {
  const res = await fetchImpl(new URL(path, baseUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
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

/**
 * Client side (launcher): signs a player in and returns the launcher redirect URL carrying a one-time code.
 * A password sign-in makes this launcher a known device: `deviceToken` (from the portal's Device-Token
 * header) is sent with every later sign-in, and the PIN works only with it. Keep it (e.g. in the launcher's
 * settings) and pass it back as the `deviceToken` option on the next start.
 */
export class CaliberLauncherClient {
  /** @param {{ baseUrl: string, developer?: boolean, deviceToken?: string, fetch?: typeof fetch }} options */
  constructor(options) {
    this.baseUrl = trimBase(options.baseUrl);
    this.developer = Boolean(options.developer);
    this.deviceToken = options.deviceToken ?? null;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async #send(path, body) {
    const headers = this.deviceToken ? { 'device-token': this.deviceToken } : {};
    const remembering = async (url, init) => {
      const res = await this.fetch(url, init);
      const token = res.headers.get('device-token');
      if (token) this.deviceToken = token;
      return res;
    };
    return call(this.baseUrl, path, { ...body, developer: this.developer }, headers, remembering);
  }

  async #login(path, body) {
    let reply;
    try {
      reply = await this.#send(path, body);
    } catch (error) {
      // Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved,
      // it opens this one attempt (once; a second refusal is the caller's).
      if (!(error instanceof PortalError) || error.body?.code !== 'CHALLENGE_REQUIRED') throw error;
      reply = await this.#send(path, { ...body, altcha: await solveChallenge(error.body) });
    }
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

const derive = promisify(pbkdf2);
/** The proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the nonce and a counter. */
const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/**
 * The most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a counter below 4,000 at
 * 1,000 rounds each, about a second), so a launcher never works without end.
 */
const CHALLENGE_WORK_LIMIT = 40_000_000;

/**
 * Solves the challenge of a 429 `CHALLENGE_REQUIRED` reply: the first counter (a 4-byte big-endian number
 * after the nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its `keyPrefix`. Answers the
 * `altcha` field to repeat the request with (base64 JSON `{ challenge, solution }`); a challenge it cannot
 * solve within CHALLENGE_WORK_LIMIT rounds is a PortalError 429 saying why.
 */
async function solveChallenge(reply) {
  const challenge = reply.challenge;
  const unsolved = (reason) =>
    new PortalError(429, `The portal's proof-of-work challenge could not be solved: ${reason}.`, reply);
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge?.parameters ?? {};
  if (algorithm !== CHALLENGE_ALGORITHM) throw unsolved(`its algorithm ${algorithm} is not ${CHALLENGE_ALGORITHM}`);
  const hex = (value, pattern) => typeof value === 'string' && pattern.test(value);
  const bytes = /^(?:[0-9a-f]{2})+$/i;
  const wellFormed =
    hex(nonce, bytes) &&
    hex(salt, bytes) &&
    hex(keyPrefix, /^[0-9a-f]+$/i) &&
    Number.isInteger(cost) &&
    cost >= 1 &&
    Number.isInteger(keyLength) &&
    keyLength >= 1;
  if (!wellFormed) throw unsolved('it is malformed');
  const nonceBytes = Buffer.from(nonce, 'hex');
  const password = Buffer.alloc(nonceBytes.length + 4);
  nonceBytes.copy(password);
  const saltBytes = Buffer.from(salt, 'hex');
  const prefix = keyPrefix.toLowerCase();
  const tries = Math.floor(CHALLENGE_WORK_LIMIT / cost);
  for (let counter = 0; counter < tries; counter += 1) {
    password.writeUInt32BE(counter, nonceBytes.length);
    const derivedKey = (await derive(password, saltBytes, cost, keyLength, 'sha256')).toString('hex');
    if (derivedKey.startsWith(prefix)) {
      const solution = { counter, derivedKey };
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
  }
  throw unsolved(`no solution within ${CHALLENGE_WORK_LIMIT} PBKDF2 rounds`);
}

/** The one-time code in a launcher redirect URL such as caliber://login?code=... */
export function codeFromRedirect(redirectURL) {
  const query = String(redirectURL).split('?')[1] ?? '';
  const code = new URLSearchParams(query).get('code');
  if (!code) throw new TypeError('The redirect URL carries no code.');
  return code;
}

/**
 * Server side (game server), with the game's server key: exchanges a one-time code for the player's identity
 * (Caliber) and hands over what players bought (Yggdra, Tales Runner). Keep the key secret.
 */
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

  /**
   * GET /api/game/entitlements: the key's game's entitlements, oldest first, one page of at most `limit`
   * (1..500); pass the reply's `next` as `after` for the following page (`next` is null on the last one).
   * @param {{ status?: 'pending' | 'consumed' | 'revoked', player?: string, after?: string, limit?: number }} [query]
   */
  async listEntitlements(query = {}) {
    const params = new URLSearchParams();
    for (const name of ['status', 'player', 'after', 'limit']) {
      if (query[name] !== undefined && query[name] !== null) params.set(name, String(query[name]));
    }
    const search = params.toString();
    return call(
      this.baseUrl,
      `api/game/entitlements${search ? `?${search}` : ''}`,
      undefined,
      { authorization: `Bearer ${this.serverKey}` },
      this.fetch,
    );
  }

  /**
   * POST /api/game/entitlements/{id}/consume, after the game has handed the items over: returns the
   * consumed entitlement (again, when it was already consumed). A revoked one is a PortalError 409.
   * @param {string} id
   */
  async consumeEntitlement(id) {
    const reply = await call(
      this.baseUrl,
      `api/game/entitlements/${encodeURIComponent(id)}/consume`,
      {},
      { authorization: `Bearer ${this.serverKey}` },
      this.fetch,
    );
    return reply.entitlement;
  }

  /**
   * POST /api/game/reports: reports a player to the portal's staff (the report's game is the key's). Returns
   * `{ id, created_at }`. A `reported` or `reporter` unknown or not registered for your game is a
   * PortalError 404; a bad category, a message over 1000 characters or a context over 4 KB of JSON is a
   * PortalError 422 (its `body.errors` name the field).
   * @param {{ reported: string, category: 'cheating' | 'exploiting' | 'offensive_name' | 'verbal_abuse' | 'scamming' | 'spamming' | 'other', reporter?: string, message?: string, context?: Record<string, unknown> }} report
   */
  async reportPlayer(report) {
    const body = {};
    for (const name of ['reporter', 'reported', 'category', 'message', 'context']) {
      if (report?.[name] !== undefined && report[name] !== null) body[name] = report[name];
    }
    const reply = await call(
      this.baseUrl,
      'api/game/reports',
      body,
      { authorization: `Bearer ${this.serverKey}` },
      this.fetch,
    );
    return reply.report;
  }

  /**
   * GET /api/game/players/{uuid}/standing: `{ player, banned, sanctions }`, the sanctions in force that apply
   * to the key's game (account bans, this game's bans and chat restrictions). `banned` is true when the
   * player may not play this game now: call it at match start. An unknown player is a PortalError 404.
   * @param {string} player the player's uuid
   */
  async getStanding(player) {
    return call(
      this.baseUrl,
      `api/game/players/${encodeURIComponent(player)}/standing`,
      undefined,
      { authorization: `Bearer ${this.serverKey}` },
      this.fetch,
    );
  }
}

/**
 * Checks a webhook from the portal and returns its event `{ id, type, created_at, data }`: `data.entitlement`
 * for entitlement.granted and entitlement.revoked, `data.sanction` for player.sanctioned and
 * player.sanction_lifted.
 * `header` is the Portal-Signature header (`t=<unix seconds>,v1=<hex>[,v1=<hex>...]`), `rawBody` the request
 * body exactly as received (string or bytes: parse it only after this check). Accepted when any v1 is the
 * HMAC-SHA256 of "{t}.{rawBody}" with `secret` (compared in constant time) and t is within
 * `toleranceSeconds` of this machine's clock; otherwise throws WebhookError.
 * @param {string | undefined} header
 * @param {string | Uint8Array} rawBody
 * @param {string} secret
 * @param {number} [toleranceSeconds]
 * @param {number} [nowSeconds] this machine's clock, in unix seconds (for tests)
 */
export function verifyWebhook(header, rawBody, secret, toleranceSeconds = 300, nowSeconds = Date.now() / 1000) {
  if (!secret) throw new TypeError('secret is required');
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new TypeError('rawBody must be the body as received (a string or bytes), not parsed JSON');
  }
  if (typeof header !== 'string' || !header) throw new WebhookError('The Portal-Signature header is missing.');
  let t = null;
  const signatures = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (t === null || signatures.length === 0) throw new WebhookError('The Portal-Signature header is malformed.');
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  // Every candidate is compared, so the time taken does not tell which one matched.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(expected, signature) || matched;
  if (!matched) throw new WebhookError('No Portal-Signature matches this body and secret.');
  if (Math.abs(nowSeconds - t) > toleranceSeconds) {
    throw new WebhookError('The Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock.');
  }
  try {
    return JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new WebhookError('The webhook body is not JSON.');
  }
}

/**
 * The device flow ended without tokens: `code` is the OAuth error, e.g. access_denied (the player said no)
 * or expired_token (nobody entered the code in time: start again).
 */
export class DeviceLoginError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'DeviceLoginError';
    this.code = code;
  }
}

/** The claims of an ID token received straight from the token endpoint over TLS (OpenID Connect 3.1.3.7). */
function idTokenClaims(idToken) {
  if (!idToken) return null;
  const payload = idToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * Sign-in on consoles and TVs (OAuth 2.0 device authorization grant, RFC 8628) with the portal as OpenID
 * Provider, for a public app registered with the device grant: show the player a short code and an address,
 * poll until they approve it on their phone or computer, then refresh the tokens as they expire.
 * The endpoints come from the portal's discovery document, {baseUrl}/oidc/.well-known/openid-configuration.
 */
export class CaliberDeviceLogin {
  /** @param {{ baseUrl: string, clientId: string, fetch?: typeof fetch }} options */
  constructor(options) {
    if (!options.clientId) throw new TypeError('clientId is required');
    this.baseUrl = trimBase(options.baseUrl);
    this.clientId = options.clientId;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.metadata = null;
  }

  /** The provider's discovery document (read once). */
  async discover() {
    this.metadata ??= await call(this.baseUrl, 'oidc/.well-known/openid-configuration', undefined, {}, this.fetch);
    return this.metadata;
  }

  /** A form POST to one of the provider's endpoints: the JSON reply, or the OAuth error as DeviceLoginError. */
  async #form(endpoint, params) {
    const res = await this.fetch(endpoint, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.clientId, ...params }),
    });
    let json = null;
    try {
      json = await res.json();
    } catch {
      // not JSON: reported below
    }
    if (res.ok && json) return json;
    if (typeof json?.error === 'string') {
      throw new DeviceLoginError(json.error, json.error_description ?? json.error);
    }
    throw new PortalError(res.status, json?.message ?? `HTTP ${res.status}`, json);
  }

  /**
   * Starts a sign-in: show `userCode` and `verificationUri` (or `verificationUriComplete`, e.g. as a QR
   * code) to the player, then call pollDeviceToken with the result.
   * @param {{ scope?: string }} [options] default 'openid profile offline_access' (offline_access: a refresh token)
   */
  async startDeviceLogin(options = {}) {
    const { device_authorization_endpoint } = await this.discover();
    const scope = options.scope ?? 'openid profile offline_access';
    // OpenID Connect asks for prompt=consent with offline_access (a refresh token).
    const prompt = scope.split(' ').includes('offline_access') ? { prompt: 'consent' } : {};
    const started = await this.#form(device_authorization_endpoint, { scope, ...prompt });
    return {
      deviceCode: started.device_code,
      userCode: started.user_code,
      verificationUri: started.verification_uri,
      verificationUriComplete: started.verification_uri_complete ?? null,
      expiresIn: started.expires_in,
      interval: started.interval ?? 5,
    };
  }

  /**
   * Polls the token endpoint every `interval` seconds (5 s more after each slow_down) until the player
   * approves: the tokens, with the ID token's `claims`. Throws DeviceLoginError access_denied when the player
   * refuses and expired_token when the code runs out.
   * @param {{ deviceCode: string, interval: number, expiresIn: number }} started from startDeviceLogin
   * @param {{ onPending?: (reason: string, interval: number) => void, signal?: AbortSignal }} [options]
   */
  async pollDeviceToken(started, options = {}) {
    const { token_endpoint } = await this.discover();
    const deadline = Date.now() + started.expiresIn * 1000;
    let interval = started.interval;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, interval * 1000));
      options.signal?.throwIfAborted();
      if (Date.now() > deadline) throw new DeviceLoginError('expired_token', 'The code has expired: start again.');
      try {
        return this.#tokens(await this.#form(token_endpoint, { grant_type: DEVICE_GRANT, device_code: started.deviceCode }));
      } catch (error) {
        if (!(error instanceof DeviceLoginError)) throw error;
        if (error.code === 'slow_down') interval += 5;
        else if (error.code !== 'authorization_pending') throw error;
        options.onPending?.(error.code, interval);
      }
    }
  }

  /** New tokens for a refresh token (the portal rotates it: keep the new `refresh_token`). */
  async refreshTokens(refreshToken) {
    const { token_endpoint } = await this.discover();
    return this.#tokens(await this.#form(token_endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken }));
  }

  /** The player's claims from the userinfo endpoint (by scope: name, nickname, email, games). */
  async userInfo(accessToken) {
    const { userinfo_endpoint } = await this.discover();
    return call(userinfo_endpoint, '', undefined, { authorization: `Bearer ${accessToken}` }, this.fetch);
  }

  #tokens(reply) {
    return {
      accessToken: reply.access_token,
      tokenType: reply.token_type,
      expiresIn: reply.expires_in,
      scope: reply.scope ?? null,
      idToken: reply.id_token ?? null,
      refreshToken: reply.refresh_token ?? null,
      claims: idTokenClaims(reply.id_token),
    };
  }
}
