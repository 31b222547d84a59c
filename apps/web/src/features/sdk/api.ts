import { type SdkListReply, sdkEndpoints } from '@portal/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

const SDK_LIST_KEY = ['sdk-list'] as const;

/** The built SDK archives (public). */
export const useSdkList = () =>
  useQuery({ queryKey: SDK_LIST_KEY, queryFn: ({ signal }) => call(sdkEndpoints.list, {}, { signal }) });

/** The server's SDK list, for the page the server renders (src/prerender.tsx). */
export function seedSdkList(client: QueryClient, list: SdkListReply): void {
  client.setQueryData(SDK_LIST_KEY, list);
}
