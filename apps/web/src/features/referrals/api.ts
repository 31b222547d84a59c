import { type CreateReferralCode, referralsEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Creating a referral code (back-office); the tables read through AdminTable. */
export const useCreateReferralCode = () =>
  useMutation({ mutationFn: (body: CreateReferralCode) => call(referralsEndpoints.create, { body }) });
