import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** A header name and value, as every reply carries it. */
export type SecurityHeaders = ReadonlyArray<readonly [string, string]>;

/**
 * helmet's security headers for this portal, worked out once at startup: the directives are static, so
 * every reply carries the same set, the refusals made before any route runs too (plugins/errors.ts).
 * (@fastify/helmet built its middleware again on every request, parsing the CSP directives each time: ~7 %
 * of the event loop in the sign-in benchmark.)
 */
export function securityHeaders(production: boolean): SecurityHeaders {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion writes style elements at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // helmet's middleware only sets headers, synchronously; these two methods are all it touches.
  apply({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** The security headers on every reply, set on the raw response so streamed downloads carry them too. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { headers: SecurityHeaders }) => {
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of options.headers) reply.raw.setHeader(name, value);
      done();
    });
  },
);
