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
  /**
   * Asked for a proof of work (429 `CHALLENGE_REQUIRED`, past an account's failures from unknown clients), it
   * solves the challenge and repeats the sign-in once; one it cannot solve is a `PortalError` with status 429.
   */
  loginWithPassword(email: string, password: string): Promise<LauncherRedirect>;
  loginWithPin(user: string, pin: string): Promise<LauncherRedirect>;
}
export declare function codeFromRedirect(redirectURL: string): string;
export declare class CaliberGameServer {
  constructor(options: { baseUrl: string; serverKey: string; fetch?: typeof fetch });
  exchangeCode(code: string): Promise<PlayerIdentity>;
  listEntitlements(query?: EntitlementQuery): Promise<EntitlementPage>;
  consumeEntitlement(id: string): Promise<Entitlement>;
  /**
   * Reports a player to the portal's staff; 404 for a player unknown or not registered for your game, 422 for a
   * bad report.
   */
  reportPlayer(report: PlayerReport): Promise<ReportReceipt>;
  /** The sanctions in force that apply to the key's game; 404 for an unknown player. */
  getStanding(player: string): Promise<PlayerStanding>;
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
export type ReportCategory =
  | 'cheating'
  | 'exploiting'
  | 'offensive_name'
  | 'verbal_abuse'
  | 'scamming'
  | 'spamming'
  | 'other';
export interface PlayerReport {
  /** The reported player's uuid. */
  reported: string;
  category: ReportCategory;
  /** The reporting player's uuid, when a player reported (not the game itself). */
  reporter?: string;
  /** At most 1000 characters. */
  message?: string;
  /** What staff need to judge it (match id, chat excerpt…): a JSON object of at most 4 KB. */
  context?: Record<string, unknown>;
}
export interface ReportReceipt {
  id: string;
  created_at: string;
}
/** account: the whole portal; game: one game; purchases and chat: one feature (a game enforces chat itself). */
export type SanctionScope = 'account' | 'game' | 'purchases' | 'chat';
export interface Sanction {
  id: string;
  /** The player's uuid. */
  player: string;
  scope: SanctionScope;
  /** A ban keeps the player out; a restriction takes one feature away. */
  kind: 'ban' | 'restriction';
  /** The game of a game or chat sanction; null for the account and purchases. */
  game: 'caliber' | 'talesrunner' | 'yggdra' | null;
  category: ReportCategory | 'payment_abuse';
  /** The note the player reads. */
  note: string;
  starts_at: string;
  /** null: permanent. */
  expires_at: string | null;
  lifted_at: string | null;
  status: 'active' | 'lifted' | 'expired';
}
export interface PlayerStanding {
  player: string;
  /** True when the player may not play this game now (an account ban or this game's ban). */
  banned: boolean;
  /** The sanctions in force that apply to the key's game. */
  sanctions: Sanction[];
}
export interface WebhookEvent {
  id: string;
  type: 'entitlement.granted' | 'entitlement.revoked' | 'player.sanctioned' | 'player.sanction_lifted' | 'ping';
  created_at: string;
  /** entitlement for the entitlement events, sanction for the player events. */
  data: { entitlement?: Entitlement; sanction?: Sanction };
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
