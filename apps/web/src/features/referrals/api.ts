import type { CreateReferralCode, ReferralCodeRow } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Creating a referral code (back-office), typed by the contract; the tables read through AdminTable. */
const referralsApi = {
  create: (body: CreateReferralCode) =>
    api.post<ReferralCodeRow>('/api/referralCodes', body, { auth: 'admin' }),
};

export const useCreateReferralCode = () => useMutation({ mutationFn: referralsApi.create });
