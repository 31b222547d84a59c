import type { SocialDetailsRequest, SocialUserReply } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Calls of the social sign-in completion (spec section 7), typed by the contract. */
export const socialApi = {
  /** Trades the single-use exchange token from the /social-login URL for the user and a session. */
  user: (id: string, exchangeToken: string) =>
    api.get<SocialUserReply>(`/api/get-user/${encodeURIComponent(id)}`, { token: exchangeToken }),
  /** 'Set your game details'; only the status matters (spec), so the reply is not read. */
  saveDetails: ({ details, token }: { details: SocialDetailsRequest; token: string }) =>
    api.put<unknown>('/api/register/details', details, { token }),
};

export const useSaveSocialDetails = () => useMutation({ mutationFn: socialApi.saveDetails });
