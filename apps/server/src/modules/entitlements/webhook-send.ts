import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { PORTAL_EVENT_ID_HEADER, PORTAL_SIGNATURE_HEADER } from '@portal/contract';
import type { webhookDeliveries } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { isPublicAddress, publicOnlyLookup, systemResolver } from '../../lib/public-address';
import { portalSignature } from './webhooks-signature';

/* One attempt at a game's webhook: the request, and the words the delivery log keeps for its outcome. */

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface AttemptResult {
  status: number | null;
  error: string | null;
}

/** Short reasons for a failed connection, by error code: never the error's message (it may name the URL). */
const NETWORK_REASONS: Record<string, string> = {
  EADDRNOTPUBLIC: 'Refused: the address is not public (loopback, private, link-local or unspecified)',
  ECONNREFUSED: 'Connection refused (ECONNREFUSED)',
  ECONNRESET: 'Connection reset (ECONNRESET)',
  EHOSTUNREACH: 'Host unreachable (EHOSTUNREACH)',
  ENETUNREACH: 'Network unreachable (ENETUNREACH)',
  ENOTFOUND: 'The host name does not resolve (ENOTFOUND)',
  EAI_AGAIN: 'The host name could not be resolved now (EAI_AGAIN)',
  EPROTO: 'TLS handshake failed (EPROTO)',
};

/** The delivery log's words for a failed attempt's error: a short reason with its code, nothing it quoted. */
function networkReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'Network error';
  if (NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/.test(code))
    return `TLS certificate not accepted (${code})`;
  return /^[A-Z0-9_]{1,40}$/.test(code) ? `Network error (${code})` : 'Network error';
}

/** One POST over http(s), no redirects followed: the answer's status, or the error that ended it. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { lookup?: ReturnType<typeof publicOnlyLookup>; timeoutMs: number },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (response) => {
        // The answer's body is not used; reading it frees the connection.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * One POST of a delivery's body to the game's URL: signed, WEBHOOK_TIMEOUT_SECONDS at most (10 s unless
 * configured), no redirects followed. A 2xx is success; a 3xx, another status, a timeout or a network error is a failure described by `error`: the status
 * or a short reason, never a redirect's Location or anything of the URL (its credentials above all). In
 * production the connection goes to public addresses only, checked when the name is resolved for it (so a
 * name that resolves elsewhere than at registration, DNS rebinding, is refused too).
 */
export async function send(
  ctx: ServiceContext,
  url: string,
  secret: string,
  delivery: DeliveryRow,
): Promise<AttemptResult> {
  const t = Math.floor(ctx.clock.now().getTime() / 1000);
  const production = ctx.config.NODE_ENV === 'production';
  try {
    const target = new URL(url);
    if (target.username || target.password)
      return { status: null, error: 'Refused: the URL carries credentials' };
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address written in the URL is connected to without a lookup: checked here.
    if (production && isIP(host) !== 0 && !isPublicAddress(host))
      return { status: null, error: NETWORK_REASONS.EADDRNOTPUBLIC! };
    const status = await post(
      target,
      {
        'content-type': 'application/json',
        'user-agent': 'GamesPortal-Webhooks/1',
        [PORTAL_EVENT_ID_HEADER]: delivery.eventId,
        [PORTAL_SIGNATURE_HEADER]: portalSignature(secret, t, delivery.body),
      },
      delivery.body,
      {
        timeoutMs: ctx.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        ...(production ? { lookup: publicOnlyLookup(ctx.resolveHost ?? systemResolver) } : {}),
      },
    );
    if (status >= 200 && status < 300) return { status, error: null };
    if (status >= 300 && status < 400) return { status, error: `HTTP ${status}: redirects are not followed` };
    return { status, error: `HTTP ${status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (timedOut) return { status: null, error: `No answer within ${ctx.config.WEBHOOK_TIMEOUT_SECONDS} s` };
    return { status: null, error: networkReason(error) };
  }
}
