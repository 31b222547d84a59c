import type { ErrorBody } from '@portal/contract';
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

/** The refusal of an HTTP/1.1 request without a Host header. */
const NO_HOST_MESSAGE = 'The request has no Host header.';

/**
 * The security headers on every reply, set on the raw response so streamed downloads carry them too. An
 * HTTP/1.1 request without a Host header (RFC 9112 3.2: answered 400) is refused here, with them and the one
 * error shape: Node's own check (turned off in app.ts) answered a bare 400 with neither.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { headers: SecurityHeaders }) => {
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of options.headers) reply.raw.setHeader(name, value);
      const { raw } = request;
      if (raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1 && raw.headers.host === undefined) {
        reply
          .status(400)
          .header('connection', 'close')
          .send({ message: NO_HOST_MESSAGE, code: 'BAD_REQUEST' } satisfies ErrorBody);
        return;
      }
      done();
    });
  },
);
