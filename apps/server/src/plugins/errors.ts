import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  type ErrorBody,
  GENERIC_ERROR_MESSAGE,
  genericErrorCode,
  TOO_MANY_REQUESTS_MESSAGE,
} from '@portal/contract';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { AppError, errorBody, type FieldErrors } from '../lib/errors';
import type { SecurityHeaders } from './security-headers';

const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

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

/** The body of a refusal the framework or Node's parser raised: its message, and its status's generic code. */
const refusal = (status: number, message: string): ErrorBody => ({
  message,
  code: genericErrorCode(status),
});

/**
 * One error shape for the whole API: `{ message, code, errors? }`. Validation failures are 422 with field-keyed
 * arrays; client mistakes keep their 4xx; anything else is logged with the request id and answered as a
 * plain 500 that reveals nothing.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation, error.validationContext);
      const message = Object.values(errors)[0]?.[0] ?? 'The input is not valid.';
      return reply.status(422).send({ message, code: 'VALIDATION_FAILED', errors } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return reply
        .status(429)
        .send({ message: TOO_MANY_REQUESTS_MESSAGE, code: 'TOO_MANY_REQUESTS' } satisfies ErrorBody);
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as JSON.'
              : error.message;
      return reply.status(status).send(refusal(status, message));
    }
    if (isDatabaseUnavailable(error)) {
      // A database restart or failover: say so, and let clients retry; nothing was half-written (transactions).
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ message: GENERIC_ERROR_MESSAGE, code: 'INTERNAL_ERROR' } satisfies ErrorBody);
  });
});

/**
 * The router's own refusals, before any route or hook runs: an address that is not valid percent-encoding,
 * or a path parameter longer than the router reads. Fastify would echo the address back; this does not.
 * No hook has run, so the security headers are set here.
 */
export function frameworkErrors(headers: SecurityHeaders) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (error.code === 'FST_ERR_BAD_URL')
      return reply.status(400).send(refusal(400, 'This address is not valid.'));
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return reply.status(414).send(refusal(414, 'This address is too long.'));
    return reply.send(error);
  };
}

/** Longer request lines are answered 414 rather than 431 (nginx's default line buffer is the same 8 KiB). */
const MAX_REQUEST_LINE = 8 * 1024;

/** True when the packet that overflowed Node's header limit starts a request line that is itself too long. */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > MAX_REQUEST_LINE;
}

function clientRefusal(error: ConnectionError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive.' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return requestLineTooLong(error.rawPacket)
      ? { status: 414, message: 'This address is too long.' }
      : { status: 431, message: 'The request headers are too large.' };
  }
  return { status: 400, message: 'The request is not valid HTTP.' };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or address beyond its limit,
 * malformed HTTP, a request that never finishes arriving), answered in the one error shape with the same
 * security headers as every reply. The connection is half-closed so the client reads the answer, then
 * dropped whatever it still sends.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  const headerLines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return (error: ConnectionError, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return;
    const { status, message } = clientRefusal(error);
    const body = JSON.stringify(refusal(status, message));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${headerLines}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}
