/**
 * Every `code` an error reply can carry, and the HTTP status it is always sent with: each refusal of the API
 * names one, and clients branch on it rather than on the status (decision 0058). The status follows from
 * the code, never from the place that refuses (decision 0071). A new refusal adds its code here, with its
 * status and the line that says when it is sent.
 */
export const ERROR_STATUS = {
  // Generic refusals (the error handler, the router and the guards).
  /** A request field, or the body as a whole, is not valid; `errors` holds the field-keyed messages. */
  VALIDATION_FAILED: 422,
  /** The request cannot be read: a body that is not JSON, an address that is not valid, a bad HTTP message. */
  BAD_REQUEST: 400,
  /** No session (or it has ended, or the credential is not valid): sign in first. */
  UNAUTHENTICATED: 401,
  /** Signed in, but this account or staff role may not do this. */
  FORBIDDEN: 403,
  /** No such endpoint, record or page. */
  NOT_FOUND: 404,
  /** The request cannot be done in the record's current state. */
  CONFLICT: 409,
  /** The request did not finish arriving in time. */
  REQUEST_TIMEOUT: 408,
  /** The request body is over the size the endpoint reads. */
  PAYLOAD_TOO_LARGE: 413,
  /** The address (request line) is over the length the server reads. */
  URI_TOO_LONG: 414,
  /** The request body is not sent as JSON. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request headers are over the size the server reads. */
  HEADERS_TOO_LARGE: 431,
  /** The rate limit for this endpoint was reached: wait a moment. */
  TOO_MANY_REQUESTS: 429,
  /** Anything unexpected: logged with the request id, nothing revealed. */
  INTERNAL_ERROR: 500,
  /** The database is briefly unreachable (restart or failover): retry after `retry-after`. */
  SERVICE_UNAVAILABLE: 503,
  // Sign-in, proofs and accounts.
  /** The email and password do not match an account. */
  INVALID_CREDENTIALS: 401,
  /** Too many wrong passwords or codes for this account: locked for a while. */
  LOCKED_OUT: 429,
  /** Solve the `challenge` (proof of work) and repeat the request with `altcha`: decision 0039. */
  CHALLENGE_REQUIRED: 429,
  /** A change that outlives the session needs a fresh proof (POST /api/step-up): decision 0038. */
  STEP_UP_REQUIRED: 403,
  /** The player's email address is not verified yet. */
  UNVERIFIED: 403,
  /** The account is suspended. */
  SUSPENDED: 403,
  /** A sanction refuses this (issue #37): the reply's `sanction` names its scope, reason and end; `standing_token` opens the standing page. */
  ACCOUNT_SANCTIONED: 403,
  /** The account is waiting to be deleted. */
  PENDING_DELETION: 403,
  /**
   * An emailed link (verify, reset, secure, cancel an email change) is not valid or was used, or a "Secure my
   * account" link went to an address the account no longer has.
   */
  LINK_INVALID: 400,
  /** Another account already uses this email address. */
  EMAIL_TAKEN: 409,
  /** The account signs in through a provider and has no password to change. */
  PASSWORD_NOT_SET: 409,
  /** There is no deletion request to cancel. */
  NO_DELETION_PENDING: 409,
  // Games, launcher and OpenID Connect.
  /** The launcher's one-time code is not valid. */
  INVALID_CODE: 400,
  /** OpenID Connect is not configured on this server. */
  OIDC_OFF: 503,
  /**
   * A request to the OpenID Provider (/oidc) holds text no field takes: a 400 in OAuth's shape, `error:
   * invalid_request` (RFC 6749 5.2), with the field-keyed `errors` (elsewhere such text is `VALIDATION_FAILED`).
   */
  OIDC_INVALID_REQUEST: 400,
  /** The sign-in request (interaction) is unknown or has ended. */
  INTERACTION_NOT_FOUND: 404,
  /** The sign-in request waits for consent, not a sign-in. */
  NOT_SIGN_IN_STEP: 409,
  /** The sign-in request waits for a sign-in, not consent. */
  NOT_CONSENT_STEP: 409,
  /** The device code has expired. */
  CODE_EXPIRED: 410,
  /** The device code was already used. */
  CODE_USED: 409,
  /** A public client has no secret to rotate. */
  PUBLIC_CLIENT: 409,
  /** The entitlement was revoked and cannot be consumed. */
  ENTITLEMENT_REVOKED: 409,
  /** The game server key was already revoked. */
  KEY_REVOKED: 409,
  /** The delivery was already delivered. */
  ALREADY_DELIVERED: 409,
  /** A game event webhook's signature is not valid. */
  BAD_SIGNATURE: 401,
  /** A webhook body is not a portal event. */
  BAD_EVENT: 400,
  /** An analytics event batch is over its size limit. */
  BATCH_TOO_LARGE: 413,
  // Shop, orders and payments.
  /** Not enough stock for a line of the cart. */
  OUT_OF_STOCK: 422,
  /** The player has as many open orders as allowed. */
  TOO_MANY_OPEN_ORDERS: 422,
  /** The order cannot be refunded (not paid, or already refunded). */
  NOT_REFUNDABLE: 409,
  /** Refunds are not made through this payment provider here. */
  REFUND_NOT_CONFIGURED: 503,
  /** The payment provider did not answer: try again in a moment. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  // Staff and back-office.
  /** An admin with this email already exists. */
  ADMIN_EXISTS: 422,
  /** The staff invitation is not valid, used or expired. */
  INVITATION_INVALID: 410,
  /** The last owner cannot be removed or demoted. */
  LAST_OWNER: 409,
  /** The referral code is already taken. */
  REFERRAL_CODE_TAKEN: 422,
  /** The email is already on the test recipient list. */
  RECIPIENT_EXISTS: 422,
  /** The email blast has no test recipients. */
  NO_RECIPIENTS: 422,
} as const satisfies Record<string, number>;
export type ApiErrorCode = keyof typeof ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(ERROR_STATUS) as readonly ApiErrorCode[];

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  (API_ERROR_CODES as readonly unknown[]).includes(value);

/** The codes of a server failure (5xx), not of a refused request: the same request may pass later. */
export const SERVER_FAILURE_CODES: ReadonlySet<string> = new Set<ApiErrorCode>([
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'OIDC_OFF',
  'REFUND_NOT_CONFIGURED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
]);

/** The codes that ask the client to wait (429): the same request may pass after a while. */
export const WAIT_CODES: ReadonlySet<string> = new Set<ApiErrorCode>([
  'TOO_MANY_REQUESTS',
  'LOCKED_OUT',
  'CHALLENGE_REQUIRED',
]);

const GENERIC_CODE_OF_STATUS: Readonly<Partial<Record<number, ApiErrorCode>>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
  502: 'SERVICE_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_UNAVAILABLE',
};

/**
 * The generic code of a refusal known only by its status: what the server sends for the framework's and
 * Node's refusals, and how a client reads a reply without a code (a proxy's page).
 */
export function genericErrorCode(status: number): ApiErrorCode {
  return GENERIC_CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

/** The one error body every endpoint answers with. `errors` holds field-keyed messages on 422. */
export interface ErrorBody {
  message: string;
  code: ApiErrorCode;
  errors?: Record<string, string[]>;
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';
/** The rate limit's refusal when it knows the wait (seconds, as its Retry-After header says). */
export function tooManyRequestsMessage(seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}
