import { sdkEndpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The built SDK archives (public). */
export const useSdkList = () =>
  useQuery({ queryKey: ['sdk-list'], queryFn: ({ signal }) => call(sdkEndpoints.list, {}, { signal }) });
