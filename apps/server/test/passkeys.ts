import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests: an ES256 key per passkey, and the registration and sign-in responses
 * a browser would post for it (attestation 'none'), built by hand so the server's checks run for real.
 */

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

/** Flags of authenticatorData: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  /** The challenge answered; the options' one by default. */
  challenge?: string;
  /** The page's origin; the portal's own by default. */
  origin?: string;
  /** Whether the user was verified (PIN, biometrics); true by default. */
  userVerified?: boolean;
  /** The signature counter reported; one more than the last by default. */
  counter?: number;
}

export class SoftPasskey {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(
    private readonly publicUrl: string,
    /** The user handle the passkey keeps (from the registration options), sent back on sign-in. */
    public userHandle = '',
  ) {}

  get id() {
    return b64(this.credentialId);
  }

  private get origin() {
    return new URL(this.publicUrl).origin;
  }

  private authData(flags: number, counter: number, attested?: Uint8Array) {
    const header = new Uint8Array(37);
    header.set(sha256(new URL(this.publicUrl).hostname), 0);
    header[32] = flags;
    new DataView(header.buffer).setUint32(33, counter);
    if (!attested) return header;
    const out = new Uint8Array(header.length + attested.length);
    out.set(header, 0);
    out.set(attested, header.length);
    return out;
  }

  private clientData(type: string, challenge: string, origin: string) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The JSON `startRegistration` would answer for `options` (from .../register/options). */
  register(options: { challenge: string; user: { id: string } }, opts: CeremonyOptions = {}) {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const cose = isoCBOR.encode(coseKey);
    const attested = new Uint8Array(16 + 2 + this.credentialId.length + cose.length);
    new DataView(attested.buffer).setUint16(16, this.credentialId.length);
    attested.set(this.credentialId, 18);
    attested.set(cose, 18 + this.credentialId.length);
    const flags = UP | AT | (opts.userVerified === false ? 0 : UV);
    const authData = this.authData(flags, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      opts.challenge ?? options.challenge,
      opts.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The JSON `startAuthentication` would answer for `options` (from .../login/options). */
  authenticate(options: { challenge: string }, opts: CeremonyOptions = {}) {
    this.counter = opts.counter ?? this.counter + 1;
    const authData = this.authData(UP | (opts.userVerified === false ? 0 : UV), this.counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      opts.challenge ?? options.challenge,
      opts.origin ?? this.origin,
    );
    const signed = new Uint8Array(authData.length + 32);
    signed.set(authData, 0);
    signed.set(sha256(clientDataJSON), authData.length);
    const signature = new Uint8Array(sign('sha256', signed, this.keys.privateKey));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
