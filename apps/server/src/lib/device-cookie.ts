import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from './context';
import { readCookie } from './cookies';
import type { SignInClient } from './lockout';
import { spendWorkProof } from './proof-of-work';
import { signPayload, verifyPayload } from './tokens';

/**
 * Device cookies (OWASP, docs/decisions/0028-device-cookie-lockout.md): a browser that signed in to an
 * account gets a long-lived cookie binding its random device id to that account, signed with a key derived
 * from SECRET_KEY. With it the browser is a trusted client of that account: it has its own failure count and
 * no one else's failures lock it out. A missing, tampered, expired or other account's cookie counts as no
 * cookie: the client is then its IP address.
 *
 * Clients that keep no cookies (the Caliber launcher, API clients) get the same signed value as a device
 * token (docs/decisions/0039-proof-of-work-throttles.md): the `Device-Token` header of every successful
 * sign-in's reply, sent back in the `Device-Token` request header. The cookie wins when both come.
 */
export const DEVICE_COOKIE = 'portal_device';
export const DEVICE_TOKEN_HEADER = 'device-token';
/** Browsers cap cookie lifetimes at 400 days. */
const LIFETIME_MS = 400 * 24 * 3_600_000;
/** Accounts one browser remembers (a shared family computer); the oldest is dropped first. */
const MAX_ACCOUNTS = 10;

/** An account as a device cookie names it. */
export type DeviceAccount = `player:${string}` | `admin:${string}`;

const payloadSchema = z.object({
  d: z.uuid(),
  a: z.array(z.string().max(64)).max(MAX_ACCOUNTS),
});
type DevicePayload = z.infer<typeof payloadSchema>;

/** A key only device cookies are signed with, so no other signed value of the app passes as one. */
const deviceKey = (secret: string) =>
  createHmac('sha256', secret).update('device-cookie').digest('base64url');

/** The device of one sign-in request: whom it is trusted for, and the cookie to send back after a success. */
export class SignInDevice {
  private remembered: DeviceAccount | null = null;
  /** The device's id: its cookie's or token's, or a new one that a successful sign-in hands out. */
  readonly id: string;

  constructor(
    private readonly ctx: ServiceContext,
    readonly ip: string,
    private readonly cookie: DevicePayload | null,
    /** The solved proof-of-work payload (`altcha`) the request carried, if any. */
    private readonly altcha: string | null = null,
  ) {
    this.id = cookie?.d ?? randomUUID();
  }

  /** Whether this browser signed in to `account` before, by its valid signed cookie. */
  isTrusted(account: DeviceAccount | null): boolean {
    return account !== null && Boolean(this.cookie?.a.includes(account));
  }

  /**
   * The lockout's client: the device for an account it is trusted for, else the IP address, which proves
   * work with the request's solved challenge when the lockout asks for one.
   */
  clientFor(account: DeviceAccount | null): SignInClient {
    return this.isTrusted(account)
      ? { key: `device:${this.id}`, trusted: true }
      : {
          key: `ip:${this.ip}`,
          trusted: false,
          proveWork: (subject) => spendWorkProof(this.ctx, this.altcha, 'sign-in', subject),
        };
  }

  /** Marks the device trusted for `account` after a successful sign-in; `writeCookie` sends it. */
  trust(account: DeviceAccount): void {
    this.remembered = account;
  }

  /** Sets the renewed cookie, and the same value as the device token header, when the sign-in succeeded. */
  writeCookie(reply: FastifyReply): void {
    if (!this.remembered) return;
    const now = this.ctx.clock.now();
    const others = (this.cookie?.a ?? []).filter((a) => a !== this.remembered);
    const payload: DevicePayload = {
      d: this.id,
      a: [...others.slice(-(MAX_ACCOUNTS - 1)), this.remembered],
    };
    const value = signPayload(
      deviceKey(this.ctx.config.SECRET_KEY),
      payload,
      new Date(now.getTime() + LIFETIME_MS),
    );
    const secure =
      this.ctx.config.NODE_ENV === 'production' || this.ctx.config.PUBLIC_URL.startsWith('https://');
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${LIFETIME_MS / 1000}${secure ? '; Secure' : ''}`,
    );
    reply.header(DEVICE_TOKEN_HEADER, value);
  }
}

/** A valid device cookie or token's payload; null for a missing, tampered, expired or malformed one. */
function readDevice(ctx: ServiceContext, raw: string | undefined): DevicePayload | null {
  const verified = raw ? verifyPayload(deviceKey(ctx.config.SECRET_KEY), raw, ctx.clock.now()) : null;
  const parsed = payloadSchema.safeParse(verified);
  return parsed.success ? parsed.data : null;
}

/**
 * The sign-in device of `request`: its valid device cookie (else its device token header), if any, its IP
 * address, and the solved proof-of-work challenge of its body (`altcha`), if any.
 */
export function signInDevice(ctx: ServiceContext, request: FastifyRequest): SignInDevice {
  const header = request.headers[DEVICE_TOKEN_HEADER];
  const device =
    readDevice(ctx, readCookie(request, DEVICE_COOKIE)) ??
    readDevice(ctx, typeof header === 'string' ? header : undefined);
  const body = request.body as { altcha?: unknown } | undefined;
  const altcha = typeof body?.altcha === 'string' ? body.altcha : null;
  return new SignInDevice(ctx, request.ip, device, altcha);
}
