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
  constructor(options: { baseUrl: string; developer?: boolean; fetch?: typeof fetch });
  loginWithPassword(email: string, password: string): Promise<LauncherRedirect>;
  loginWithPin(user: string, pin: string): Promise<LauncherRedirect>;
}
export declare function codeFromRedirect(redirectURL: string): string;
export declare class CaliberGameServer {
  constructor(options: { baseUrl: string; serverKey: string; fetch?: typeof fetch });
  exchangeCode(code: string): Promise<PlayerIdentity>;
}
