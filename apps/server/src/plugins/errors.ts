import { GENERIC_ERROR_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { AppError, type FieldErrors } from '../lib/errors';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/** Turns schema validation issues into the spec's field-keyed arrays: `/items/0/sku` becomes `items.0.sku`. */
function toFieldErrors(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
    fields[key] = [...(fields[key] ?? []), issue.message ?? 'Invalid value.'];
  }
  return fields;
}

/**
 * One error shape for the whole API: `{ message, errors? }`. Validation failures are 422 with field-keyed
 * arrays; client mistakes keep their 4xx; anything else is logged with the request id and answered as a
 * plain 500 that reveals nothing.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(
          error.fieldErrors
            ? { message: error.message, errors: error.fieldErrors }
            : { message: error.message },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation, error.validationContext);
      const message = Object.values(errors)[0]?.[0] ?? 'The input is not valid.';
      return reply.status(422).send({ message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: TOO_MANY_REQUESTS_MESSAGE });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as JSON.'
              : error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // A database restart or failover: say so, and let clients retry; nothing was half-written (transactions).
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: GENERIC_ERROR_MESSAGE });
  });
});
