import { SECURITY_TEXT_LIMITS } from '@portal/contract';
import type { FastifyRequest } from 'fastify';

/** The client behind a request, as sessions and the security history keep it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const UNKNOWN_CLIENT: ClientInfo = { ip: null, userAgent: null };

/** Cuts outside text to a column's length (a long header is kept shortened, never refused); '' is null. */
export function boundedText(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  return value.length > max ? value.slice(0, max) : value;
}

/** The request's address (after TRUST_PROXY) and user agent, cut to the stored lengths. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: boundedText(request.ip, SECURITY_TEXT_LIMITS.ip),
    userAgent: boundedText(request.headers['user-agent'], SECURITY_TEXT_LIMITS.userAgent),
  };
}
