// Typing of the parts of panva's oidc-provider the portal uses: its OpenID Provider (modules/oidc) and the
// social module's stand-in for Google in tests. The package ships no types of its own.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    jti?: string;
    grantId?: string;
    uid?: string;
    userCode?: string;
    accountId?: string;
    clientId?: string;
    consumed?: number;
    exp?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    clientAuthMethod: string;
    clientSecret?: string;
    redirectUris: string[];
    compareClientSecret(actual: string): boolean;
  }

  export interface DeviceCode {
    jti: string;
    clientId: string;
    userCode: string;
    params: Record<string, string | undefined>;
    accountId?: string;
    grantId?: string;
    scope?: string;
    authTime?: number;
    error?: string;
    errorDescription?: string;
    inFlight?: boolean;
    isExpired: boolean;
    save(): Promise<string>;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, string | undefined>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface KoaContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    ip: string;
    query: Record<string, string | string[] | undefined>;
    oidc: {
      route?: string;
      client?: Client;
      params?: Record<string, unknown>;
      entities: Record<string, unknown>;
    } & Record<string, unknown>;
    get(header: string): string;
    set(header: string, value: string): void;
    redirect(url: string): void;
    type: string;
  }

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export class OIDCProviderError extends Error {
    error: string;
    error_description?: string;
    status: number;
    statusCode: number;
  }

  export const errors: {
    SlowDown: new (description?: string) => OIDCProviderError;
    InvalidGrant: new (description?: string) => OIDCProviderError;
  } & Record<string, new (description?: string) => OIDCProviderError>;

  /** The interaction policy: prompts (login, consent) and the checks that ask for them. */
  export namespace interactionPolicy {
    class Check {
      static REQUEST_PROMPT: true;
      static NO_NEED_TO_PROMPT: false;
      constructor(
        reason: string,
        description: string,
        check: (ctx: KoaContext) => boolean | Promise<boolean>,
      );
    }
    interface Prompt {
      name: string;
      checks: { add(check: Check): void };
    }
    interface Policy extends Array<Prompt> {
      get(name: string): Prompt | undefined;
    }
    function base(): Policy;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: Middleware): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: (new (init: {
      accountId: string;
      clientId: string;
    }) => Grant) & {
      find(id: string): Promise<Grant | undefined>;
    };
    Client: { find(id: string): Promise<Client | undefined>; prototype: Client };
    DeviceCode: {
      findByUserCode(code: string, options?: { ignoreExpiration?: boolean }): Promise<DeviceCode | undefined>;
    };
  }
}
