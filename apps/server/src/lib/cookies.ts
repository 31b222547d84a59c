import type { FastifyRequest } from 'fastify';

/** The value of the request's cookie `name` (URI-decoded), or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined; // a malformed escape is no cookie
    }
  }
  return undefined;
}
