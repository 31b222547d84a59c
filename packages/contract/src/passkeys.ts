import { z } from 'zod';

/**
 * Passkeys (WebAuthn; docs/decisions/0033-passkeys.md). Players use `/api/passkeys/...` with their token,
 * admins the same paths under `/api/admin/passkeys/...`. The WebAuthn options and responses are the JSON
 * forms of `@simplewebauthn/server` and `@simplewebauthn/browser`: the options are typed as the browser library
 * takes them; the responses are checked by the server, so their schema here only bounds their size.
 */

/** Minutes a registration or sign-in challenge stays valid (single-use). */
export const PASSKEY_CHALLENGE_TTL_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name.',
  nameTooLong: `Use at most ${PASSKEY_NAME_MAX} characters.`,
  responseInvalid: 'The passkey could not be checked. Please try again.',
  /** Registration: no live challenge, a wrong one, or a response that does not verify (field `response`). */
  notVerified: 'The passkey could not be added. Please try again.',
  alreadyAdded: 'This passkey is already added.',
  notFound: 'Passkey not found.',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  /** Sign-in: an unknown, other-account, replayed or failing response (401). */
  signInFailed: 'This passkey could not sign you in. Try again or use your password.',
} as const;

/** The browser's JSON response: an object with an id; capped so nobody posts megabytes. */
const webAuthnResponseSchema = z
  .object(
    { id: z.string().min(1).max(1024), type: z.literal('public-key') },
    {
      message: PASSKEY_MESSAGES.responseInvalid,
    },
  )
  .passthrough()
  .refine((v) => JSON.stringify(v).length <= 64 * 1024, PASSKEY_MESSAGES.responseInvalid);

export const passkeyNameSchema = z
  .string({ message: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

// GET /api/passkeys ---------------------------------------------------------------------------------
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListReplySchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyListReply = z.infer<typeof passkeyListReplySchema>;

// The options the server hands the browser (WebAuthn Level 3's JSON forms, as `@simplewebauthn/browser`
// takes them): every member the library knows, so it accepts them as they are (members it does not know
// are dropped: the browser library would not pass them on either).
const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).optional(),
});
/** How strongly the server asks for user verification or a resident key. */
const requirementSchema = z.enum(['discouraged', 'preferred', 'required']);
const hintsSchema = z.array(z.enum(['hybrid', 'security-key', 'client-device']));
const extensionsSchema = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, for `startRegistration({ optionsJSON })`. */
const creationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: requirementSchema.optional(),
      userVerification: requirementSchema.optional(),
    })
    .optional(),
  hints: hintsSchema.optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z
    .array(z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none']))
    .optional(),
  extensions: extensionsSchema.optional(),
});

/** PublicKeyCredentialRequestOptionsJSON, for `startAuthentication({ optionsJSON })`. */
const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: requirementSchema.optional(),
  hints: hintsSchema.optional(),
  extensions: extensionsSchema.optional(),
});

// POST /api/passkeys/register/options (no body) ------------------------------------------------------
/** `options` is PublicKeyCredentialCreationOptionsJSON, for `startRegistration({ optionsJSON })`. */
export const passkeyRegisterOptionsReplySchema = z.object({ options: creationOptionsSchema });

// POST /api/passkeys/register/verify -----------------------------------------------------------------
/** 422 for a name or a response that does not verify; 409 when the passkey is already added. */
export const passkeyRegisterRequestSchema = z.object({
  name: passkeyNameSchema,
  response: webAuthnResponseSchema,
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;
/** The reply of adding and of renaming a passkey. */
export const passkeyReplySchema = z.object({ message: z.string(), passkey: passkeySchema });

// PATCH /api/passkeys/{id} ---------------------------------------------------------------------------
export const passkeyParamsSchema = z.object({ id: z.uuid({ message: PASSKEY_MESSAGES.notFound }) });
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema });
export type PasskeyRenameRequest = z.input<typeof passkeyRenameRequestSchema>;
/** DELETE /api/passkeys/{id} answers `{ message }`; 404 for another account's or an unknown passkey. */

// Sign-in with a passkey alone (public) --------------------------------------------------------------
/**
 * `POST /api/passkeys/login/options` (and `/api/admin/passkeys/login/options`): `options` is
 * PublicKeyCredentialRequestOptionsJSON (no allowed credentials: the browser offers the account's
 * discoverable passkeys), `challenge_id` goes back with the response.
 */
export const passkeyLoginOptionsReplySchema = z.object({
  challenge_id: z.string(),
  options: requestOptionsSchema,
});
export type PasskeyLoginOptionsReply = z.infer<typeof passkeyLoginOptionsReplySchema>;

/**
 * `POST /api/passkeys/login/verify` answers the `/login` reply, `/api/admin/passkeys/login/verify` the
 * admin login reply: a passkey counts as two factors, so no code step follows. 401 for an unknown,
 * replayed or failing response; 403 for a suspended, unverified or inactive account.
 */
export const passkeyLoginRequestSchema = z.object({
  challenge_id: z.uuid({ message: PASSKEY_MESSAGES.signInFailed }),
  response: webAuthnResponseSchema,
});
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;
