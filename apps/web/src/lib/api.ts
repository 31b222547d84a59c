import {
  type ApiErrorCode,
  type ErrorBody as ContractErrorBody,
  type Endpoint,
  type EndpointInput,
  type EndpointReply,
  endpointUrl,
  genericErrorCode,
  isApiErrorCode,
  SERVER_FAILURE_CODES,
} from '@portal/contract';
import { takeEarly } from './early-requests';
import { challengeOf, createProofOfWork, type ProofOfWork } from './proof-of-work';
import { createStepUp, isStepUpRequired, type StepUp } from './step-up';
import { storage } from './storage';

type AuthKind = 'player' | 'admin' | 'none';

/**
 * The code of a call that got no reply it could use: the network failed, the proof of work could not be
 * solved, or the reply does not match the contract (status 0).
 */
export const NO_REPLY = 'NO_REPLY';

/**
 * The contract's error body, with the client's own NO_REPLY; the account routes repeat the message as
 * `error`, which the spec's pages read.
 */
export interface ErrorBody extends Omit<ContractErrorBody, 'code'> {
  code: ApiErrorCode | typeof NO_REPLY;
  error?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** What to branch on: the catalogue's code (decision 0058), or NO_REPLY. */
  get code(): ErrorBody['code'] {
    return this.body.code;
  }

  /** The server refused the request itself (a 4xx): sent again unchanged, it will be refused again. */
  get refused(): boolean {
    return this.code !== NO_REPLY && !SERVER_FAILURE_CODES.has(this.code);
  }
}

export interface RequestOptions {
  /** Which stored token goes in the Authorization header; players by default. */
  auth?: AuthKind;
  /** A token to send instead of the stored one, for calls made after storage was cleared (logout). */
  token?: string | null;
  signal?: AbortSignal;
  /** Set on the repeat of a request that solved a challenge: a second challenge is not solved again. */
  workProved?: boolean;
  /** Set on the repeat of a request after the person confirmed it's them: asked once per request. */
  steppedUp?: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What a client works with, handed in rather than reached for, so a test can compose its own. */
export interface ApiCollaborators {
  /** The stored sessions' tokens. */
  tokens: Pick<typeof storage, 'getToken' | 'getAdminToken'>;
  /** Asks the person to confirm it's them when a change requires it (the shell's dialog answers). */
  stepUp: Pick<StepUp, 'confirm'>;
  /** Solves the server's proof-of-work challenges (the shell's status line watches it). */
  proofOfWork: Pick<ProofOfWork, 'prove'>;
  /** The page's `fetch` as it is at each call by default (tests replace it). */
  fetch?: typeof fetch;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The reply's error body; one without a code (a proxy's page) reads as the generic refusal of its status. */
function toErrorBody(status: number, body: unknown): ErrorBody {
  const code = isPlainObject(body) && isApiErrorCode(body.code) ? body.code : genericErrorCode(status);
  if (isPlainObject(body) && typeof body.message === 'string')
    return { ...body, message: body.message, code };
  return { message: `The request failed (${status}).`, code };
}

type CallArguments<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: RequestOptions]
    : [input: EndpointInput<E>, options?: RequestOptions];

function parseReply<E extends Endpoint>(endpoint: E, reply: unknown): EndpointReply<E> {
  if (!endpoint.reply) return undefined as EndpointReply<E>;
  const parsed = endpoint.reply.safeParse(reply);
  if (!parsed.success)
    throw new ApiError(0, {
      message: 'The server sent a reply this page does not understand.',
      code: NO_REPLY,
    });
  return parsed.data as EndpointReply<E>;
}

const sessionOf = (endpoint: Endpoint, options?: RequestOptions): AuthKind =>
  options?.auth ?? (endpoint.auth === 'sales' ? 'admin' : endpoint.auth);

export function createApiClient({
  tokens,
  stepUp,
  proofOfWork,
  fetch = (input, init) => globalThis.fetch(input, init),
}: ApiCollaborators) {
  function bearer(options: RequestOptions): string | null {
    if (options.token !== undefined) return options.token;
    const auth = options.auth ?? 'player';
    if (auth === 'player') return tokens.getToken();
    if (auth === 'admin') return tokens.getAdminToken();
    return null;
  }

  async function request(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = bearer(options);
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, { message: 'Network error. Please check your connection.', code: NO_REPLY });
    }

    const parsed = await parseBody(response);
    if (!response.ok) {
      // A proof-of-work challenge (lib/proof-of-work.ts): solved, the same request goes once more with `altcha`.
      const challenge = options.workProved ? null : challengeOf(parsed);
      if (challenge && isPlainObject(body)) {
        let altcha: string;
        try {
          altcha = await proofOfWork.prove(challenge);
        } catch (error) {
          throw new ApiError(0, { message: (error as Error).message, code: NO_REPLY });
        }
        return request(method, path, { ...body, altcha }, { ...options, workProved: true });
      }
      // A change that outlives the session (lib/step-up.ts): once confirmed in the dialog, the same request again.
      const audience = options.auth ?? 'player';
      if (!options.steppedUp && audience !== 'none' && isStepUpRequired(parsed)) {
        if (await stepUp.confirm(audience))
          return request(method, path, body, { ...options, steppedUp: true });
      }
      throw new ApiError(response.status, toErrorBody(response.status, parsed));
    }
    return parsed;
  }

  return {
    /**
     * Calls a contract endpoint: the URL built from its declaration, the session its `auth` names (the sales
     * dashboard's callers say which), the reply parsed by its schema, so a drifted server is an error, not a
     * cast.
     */
    async call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArguments<E>) {
      const url = endpointUrl(endpoint, input?.params, input?.query);
      const reply = await request(endpoint.method, url, input?.body, {
        ...options,
        auth: sessionOf(endpoint, options),
      });
      return parseReply(endpoint, reply);
    },
    /**
     * Follows a link a reply of `endpoint` handed out (a table's next page): a GET with the same session, the
     * reply parsed by the endpoint's schema.
     */
    async follow<E extends Endpoint>(endpoint: E, url: string, options?: RequestOptions) {
      const reply = await request('GET', url, undefined, { ...options, auth: sessionOf(endpoint, options) });
      return parseReply(endpoint, reply);
    },
  };
}

/**
 * The portal's one client, composed here: the shell's "Confirm it's you" dialog sets itself as `stepUp`'s
 * confirmer and its status line watches `proofOfWork` (both handed to the shell by `AppProviders`).
 */
export const stepUp = createStepUp();
export const proofOfWork = createProofOfWork();
export const { call, follow } = createApiClient({
  tokens: storage,
  stepUp,
  proofOfWork,
  // The first GETs of the page the app opened with were started by the entry (decision 0096).
  fetch: (input, init) =>
    (typeof input === 'string' ? takeEarly(input, init) : undefined) ?? globalThis.fetch(input, init),
});

/** What to tell the user about a failed call: the server's message, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.body.message : fallback;
}
