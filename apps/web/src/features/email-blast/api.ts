import {
  type emailBlastAddRecipientSchema,
  emailBlastEndpoints,
  type emailBlastSendRequestSchema,
} from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** Calls of the Send Test Email page (back-office). */
export const emailBlastApi = {
  recipients: (signal?: AbortSignal) => call(emailBlastEndpoints.recipients, {}, { signal }),
  send: (body: z.input<typeof emailBlastSendRequestSchema>) => call(emailBlastEndpoints.send, { body }),
  addRecipient: (body: z.input<typeof emailBlastAddRecipientSchema>) =>
    call(emailBlastEndpoints.addRecipient, { body }),
  removeRecipient: (id: string) => call(emailBlastEndpoints.removeRecipient, { params: { id } }),
};

const RECIPIENTS_KEY = ['email-blast'] as const;

export function useRecipients() {
  return useQuery({ queryKey: RECIPIENTS_KEY, queryFn: ({ signal }) => emailBlastApi.recipients(signal) });
}

export const useSendEmailBlast = () => useMutation({ mutationFn: emailBlastApi.send });

/** Adding or removing a recipient; the list is fetched again afterwards. */
export const useRecipientChange = <T, V>(change: (value: V) => Promise<T>) =>
  useRefreshingMutation(change, RECIPIENTS_KEY);
