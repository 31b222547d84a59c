import { MESSAGES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FieldErrors, validationError } from '../lib/errors';
import { UNSAFE_IN_ADDRESS, UNSAFE_IN_TEXT, unsafeOidcRequest, unsafeTextPaths } from '../lib/unsafe-text';

/**
 * One guard in front of every route's validation: text with control characters or broken Unicode in the
 * path, the query or a parsed body is a 422 naming each field, so no route has to remember it and none of
 * it reaches the database (where a NUL or a lone surrogate fails as a 500); under /oidc it is a 400
 * `invalid_request` as OAuth clients expect. A raw body (the payment webhook's signed bytes, the provider's
 * forms) is not parsed here; its route checks the text it parses.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params, UNSAFE_IN_ADDRESS],
      ['querystring', request.query, UNSAFE_IN_ADDRESS],
      ['body', request.body, UNSAFE_IN_TEXT],
    ] as const;
    const fields: FieldErrors = {};
    for (const [part, value, unsafe] of parts) {
      for (const path of unsafeTextPaths(value, unsafe)) fields[path || part] = [MESSAGES.unsafeText];
    }
    if (Object.keys(fields).length === 0) return;
    if (request.url === '/oidc' || request.url.startsWith('/oidc/') || request.url.startsWith('/oidc?'))
      throw unsafeOidcRequest(Object.keys(fields));
    throw validationError(fields);
  });
});
