import { type SocialDetailsRequest, socialEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Calls of the social sign-in completion (spec section 7). */
export const socialApi = {
  /**
   * Trades the single-use exchange token from the /social-login URL for the user and a session; with
   * two-step verification on, for the code step's challenge instead (POST /login/mfa).
   */
  user: (id: string, exchangeToken: string) =>
    call(socialEndpoints.exchange, { params: { id } }, { token: exchangeToken }),
  /** 'Set your game details': the Caliber registration's reply; the page only needs the status (spec). */
  saveDetails: ({ details, token }: { details: SocialDetailsRequest; token: string }) =>
    call(socialEndpoints.saveDetails, { body: details }, { token }),
};

export const useSaveSocialDetails = () => useMutation({ mutationFn: socialApi.saveDetails });
