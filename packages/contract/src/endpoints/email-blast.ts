import { messageReplySchema } from '../accounts';
import {
  emailBlastAddRecipientSchema,
  emailBlastListReplySchema,
  emailBlastRecipientParamsSchema,
  emailBlastRecipientSchema,
  emailBlastSendReplySchema,
  emailBlastSendRequestSchema,
} from '../admin';
import { defineEndpoint, type Endpoint } from '../endpoint';

const tags = ['admin'] as const;

/** The Send Test Email page: its recipients, and sending the test mail to them. */
export const emailBlastEndpoints = {
  recipients: defineEndpoint({
    method: 'GET',
    path: '/api/email-blast',
    auth: 'admin',
    staff: 'email.send',
    proof: 'session',
    reply: emailBlastListReplySchema,
    tags,
  }),
  addRecipient: defineEndpoint({
    method: 'POST',
    path: '/api/email-blast/recipients',
    auth: 'admin',
    staff: 'email.send',
    proof: 'session',
    body: emailBlastAddRecipientSchema,
    status: 201,
    reply: emailBlastRecipientSchema,
    tags,
  }),
  removeRecipient: defineEndpoint({
    method: 'DELETE',
    path: '/api/email-blast/recipients/:id',
    auth: 'admin',
    staff: 'email.send',
    proof: 'session',
    params: emailBlastRecipientParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/email-blast',
    auth: 'admin',
    staff: 'email.send',
    proof: 'recent',
    body: emailBlastSendRequestSchema,
    reply: emailBlastSendReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
