import type {
  EmailBlastListReply,
  emailBlastAddRecipientSchema,
  emailBlastRecipientSchema,
  emailBlastSendReplySchema,
  emailBlastSendRequestSchema,
  MessageReply,
} from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

type SendRequest = z.input<typeof emailBlastSendRequestSchema>;
type SendReply = z.infer<typeof emailBlastSendReplySchema>;
type AddRecipientRequest = z.input<typeof emailBlastAddRecipientSchema>;
type Recipient = z.infer<typeof emailBlastRecipientSchema>;

/** Calls of the Send Test Email page (back-office), typed by the contract. */
export const emailBlastApi = {
  recipients: (signal?: AbortSignal) =>
    api.get<EmailBlastListReply>('/api/email-blast', { auth: 'admin', signal }),
  send: (body: SendRequest) => api.post<SendReply>('/api/email-blast', body, { auth: 'admin' }),
  addRecipient: (body: AddRecipientRequest) =>
    api.post<Recipient>('/api/email-blast/recipients', body, { auth: 'admin' }),
  removeRecipient: (id: string) =>
    api.delete<MessageReply>(`/api/email-blast/recipients/${encodeURIComponent(id)}`, undefined, {
      auth: 'admin',
    }),
};

const RECIPIENTS_KEY = ['email-blast'] as const;

export function useRecipients() {
  return useQuery({ queryKey: RECIPIENTS_KEY, queryFn: ({ signal }) => emailBlastApi.recipients(signal) });
}

export const useSendEmailBlast = () => useMutation({ mutationFn: emailBlastApi.send });

/** Adding or removing a recipient; the list is fetched again afterwards. */
export const useRecipientChange = <T, V>(change: (value: V) => Promise<T>) =>
  useRefreshingMutation(change, RECIPIENTS_KEY);
