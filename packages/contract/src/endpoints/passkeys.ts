import { loginReplySchema, messageReplySchema } from '../accounts';
import { adminLoginReplySchema } from '../admin';
import { defineEndpoint, type Endpoint } from '../endpoint';
import {
  passkeyListReplySchema,
  passkeyLoginOptionsReplySchema,
  passkeyLoginRequestSchema,
  passkeyParamsSchema,
  passkeyRegisterOptionsReplySchema,
  passkeyRegisterRequestSchema,
  passkeyRenameRequestSchema,
  passkeyReplySchema,
} from '../passkeys';

const tags = ['passkeys'] as const;

/**
 * The caller's own passkeys and sign-in with a passkey alone (docs/decisions/0033-passkeys.md): players'
 * under /api, staff's under /api/admin.
 */
export const passkeysEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/passkeys',
    auth: 'player',
    proof: 'session',
    reply: passkeyListReplySchema,
    tags,
  }),
  /** Adding a passkey, step one: the browser prompt's options; behind a step-up. */
  registerOptions: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/register/options',
    auth: 'player',
    proof: 'recent',
    reply: passkeyRegisterOptionsReplySchema,
    tags,
  }),
  /** Adding a passkey, step two: the browser's response checked, the passkey kept under its name. */
  registerVerify: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/register/verify',
    auth: 'player',
    proof: 'recent',
    body: passkeyRegisterRequestSchema,
    reply: passkeyReplySchema,
    tags,
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/api/passkeys/:id',
    auth: 'player',
    proof: 'session',
    params: passkeyParamsSchema,
    body: passkeyRenameRequestSchema,
    reply: passkeyReplySchema,
    tags,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/passkeys/:id',
    auth: 'player',
    proof: 'recent',
    params: passkeyParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  /** Sign-in with a passkey alone, step one: a challenge (also the step-up's passkey proof). */
  loginOptions: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/login/options',
    auth: 'none',
    proof: 'none',
    reply: passkeyLoginOptionsReplySchema,
    tags,
  }),
  /** Sign-in with a passkey alone, step two: the audience's normal sign-in reply. */
  loginVerify: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/login/verify',
    auth: 'none',
    proof: 'own',
    carries: 'a passkey assertion',
    body: passkeyLoginRequestSchema,
    reply: loginReplySchema,
    tags,
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/api/admin/passkeys',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: passkeyListReplySchema,
    tags,
  }),
  adminRegisterOptions: defineEndpoint({
    method: 'POST',
    path: '/api/admin/passkeys/register/options',
    auth: 'admin',
    staff: 'own-account',
    proof: 'recent',
    reply: passkeyRegisterOptionsReplySchema,
    tags,
  }),
  adminRegisterVerify: defineEndpoint({
    method: 'POST',
    path: '/api/admin/passkeys/register/verify',
    auth: 'admin',
    staff: 'own-account',
    proof: 'recent',
    body: passkeyRegisterRequestSchema,
    reply: passkeyReplySchema,
    tags,
  }),
  adminRename: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/passkeys/:id',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    params: passkeyParamsSchema,
    body: passkeyRenameRequestSchema,
    reply: passkeyReplySchema,
    tags,
  }),
  adminRemove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/passkeys/:id',
    auth: 'admin',
    staff: 'own-account',
    proof: 'recent',
    params: passkeyParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  adminLoginOptions: defineEndpoint({
    method: 'POST',
    path: '/api/admin/passkeys/login/options',
    auth: 'none',
    proof: 'none',
    reply: passkeyLoginOptionsReplySchema,
    tags,
  }),
  adminLoginVerify: defineEndpoint({
    method: 'POST',
    path: '/api/admin/passkeys/login/verify',
    auth: 'none',
    proof: 'own',
    carries: 'a passkey assertion',
    body: passkeyLoginRequestSchema,
    reply: adminLoginReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
