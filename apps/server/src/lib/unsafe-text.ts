import { MESSAGES } from '@portal/contract';
import { AppError } from './errors';

/**
 * Text no field of the portal takes: C0 control characters other than TAB, LF and CR (NUL above all, which
 * PostgreSQL refuses in text and jsonb), DEL, and half of a UTF-16 surrogate pair (which cannot be encoded
 * as UTF-8). In /u mode a well-formed pair is one code point, so \p{Cs} matches only a lone half.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

/** An address (path or query) holds no control character at all, not even TAB or a line break. */
export const UNSAFE_IN_ADDRESS = /\p{Cc}|\p{Cs}/u;

/**
 * Where `value` holds text matching `unsafe`: field paths named as the error handler names them
 * (`items.0.sku`; '' for `value` itself), at most `limit`. A key that is unsafe counts against the object
 * holding it. Walks parsed input only (objects, arrays, strings): a Buffer is raw bytes, left to its route.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unsafeTextPaths(value: unknown, unsafe: RegExp, limit = 20): string[] {
  const found: string[] = [];
  const pending: [path: string, value: unknown][] = [['', value]];
  while (pending.length > 0 && found.length < limit) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (unsafe.test(current)) found.push(path);
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      let unsafeKey = false;
      // Reversed onto the stack, so fields are reported in the order they were sent.
      for (const key of Object.keys(current).reverse()) {
        if (unsafe.test(key)) unsafeKey = true;
        else pending.push([path ? `${path}.${key}` : key, (current as Record<string, unknown>)[key]]);
      }
      if (unsafeKey) found.push(path);
    }
  }
  return found;
}

/**
 * The OpenID Provider's refusal of unsafe text in the named fields: its clients read OAuth's error shape
 * (RFC 6749 5.2, 4.1.2.1), a 400 `invalid_request`, beside the portal's `{ message, code, errors }`.
 */
export function unsafeOidcRequest(fields: string[]): AppError {
  return new AppError(
    'OIDC_INVALID_REQUEST',
    MESSAGES.unsafeText,
    Object.fromEntries(fields.map((field) => [field, [MESSAGES.unsafeText]])),
    { error: 'invalid_request', error_description: MESSAGES.unsafeText },
  );
}
