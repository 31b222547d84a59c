export declare class LoginError extends Error {
  readonly code: string;
  constructor(code: string, message: string);
}
export declare class PortalError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown);
}
export interface LauncherRedirect {
  redirectURL: string;
  code: string;
}
export interface PlayerIdentity {
  uuid: string;
  email: string;
  nickname: string | null;
  game: 'caliber';
  developer: boolean;
  method: 'password' | 'pin';
}
export declare class CaliberLauncherClient {
  /** Set by a password sign-in; the PIN works only on a launcher that sends it. Keep it between runs. */
  deviceToken: string | null;
  constructor(options: { baseUrl: string; developer?: boolean; deviceToken?: string; fetch?: typeof fetch });
  loginWithPassword(email: string, password: string): Promise<LauncherRedirect>;
  loginWithPin(user: string, pin: string): Promise<LauncherRedirect>;
}
export declare function codeFromRedirect(redirectURL: string): string;
export declare class CaliberGameServer {
  constructor(options: { baseUrl: string; serverKey: string; fetch?: typeof fetch });
  exchangeCode(code: string): Promise<PlayerIdentity>;
  listEntitlements(query?: EntitlementQuery): Promise<EntitlementPage>;
  consumeEntitlement(id: string): Promise<Entitlement>;
}
export type EntitlementStatus = 'pending' | 'consumed' | 'revoked';
/** What a paid order owes a player in the game: hand over `quantity` of `sku`, then consume it. */
export interface Entitlement {
  id: string;
  /** The player's uuid. */
  player: string;
  game: 'yggdra' | 'talesrunner';
  sku: string;
  name: string;
  quantity: number;
  /** The order's transaction id. */
  order: string;
  status: EntitlementStatus;
  granted_at: string;
  consumed_at: string | null;
  revoked_at: string | null;
  /** Revoked after the game had consumed it: take the items back. */
  clawback: boolean;
}
export interface EntitlementPage {
  entitlements: Entitlement[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}
export interface EntitlementQuery {
  status?: EntitlementStatus;
  player?: string;
  after?: string;
  /** 1..500 */
  limit?: number;
}
export interface WebhookEvent {
  id: string;
  type: 'entitlement.granted' | 'entitlement.revoked' | 'ping';
  created_at: string;
  data: { entitlement?: Entitlement };
}
export declare class WebhookError extends Error {
  constructor(message: string);
}
export declare function verifyWebhook(
  header: string | undefined,
  rawBody: string | Uint8Array,
  secret: string,
  toleranceSeconds?: number,
  nowSeconds?: number,
): WebhookEvent;
/** The device flow ended without tokens: `code` is e.g. access_denied or expired_token. */
export declare class DeviceLoginError extends Error {
  readonly code: string;
  constructor(code: string, message: string);
}
export interface DeviceLoginStart {
  deviceCode: string;
  /** Show it to the player, e.g. BCDF-GHJK. */
  userCode: string;
  /** Where the player enters the code: {portal}/activate. */
  verificationUri: string;
  /** The same address with the code filled in (for a QR code). */
  verificationUriComplete: string | null;
  expiresIn: number;
  /** Seconds between polls. */
  interval: number;
}
export interface DeviceTokens {
  accessToken: string;
  tokenType: string;
  expiresIn: number;
  scope: string | null;
  idToken: string | null;
  /** With the offline_access scope; rotated on every refresh. */
  refreshToken: string | null;
  /** The ID token's claims (sub is the player's uuid). */
  claims: Record<string, unknown> | null;
}
export declare class CaliberDeviceLogin {
  constructor(options: { baseUrl: string; clientId: string; fetch?: typeof fetch });
  discover(): Promise<Record<string, unknown>>;
  startDeviceLogin(options?: { scope?: string }): Promise<DeviceLoginStart>;
  pollDeviceToken(
    started: Pick<DeviceLoginStart, 'deviceCode' | 'interval' | 'expiresIn'>,
    options?: { onPending?: (reason: 'authorization_pending' | 'slow_down', interval: number) => void; signal?: AbortSignal },
  ): Promise<DeviceTokens>;
  refreshTokens(refreshToken: string): Promise<DeviceTokens>;
  userInfo(accessToken: string): Promise<Record<string, unknown>>;
}
