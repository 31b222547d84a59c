import type { SdkListReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/sdk: the built SDK archives (public). */
const getSdkList = (signal?: AbortSignal) => api.get<SdkListReply>('/api/sdk', { auth: 'none', signal });

export const useSdkList = () =>
  useQuery({ queryKey: ['sdk-list'], queryFn: ({ signal }) => getSdkList(signal) });
