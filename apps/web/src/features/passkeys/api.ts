import { passkeysEndpoints } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Whose passkeys: the player's (`/api/passkeys`, player token) or the admin's (`/api/admin/passkeys`). */
export type Audience = 'player' | 'admin';

const endpointsOf = {
  player: {
    list: passkeysEndpoints.list,
    registerOptions: passkeysEndpoints.registerOptions,
    registerVerify: passkeysEndpoints.registerVerify,
    rename: passkeysEndpoints.rename,
    remove: passkeysEndpoints.remove,
  },
  admin: {
    list: passkeysEndpoints.adminList,
    registerOptions: passkeysEndpoints.adminRegisterOptions,
    registerVerify: passkeysEndpoints.adminRegisterVerify,
    rename: passkeysEndpoints.adminRename,
    remove: passkeysEndpoints.adminRemove,
  },
};

const listKey = (audience: Audience) => ['passkeys', audience] as const;

export const usePasskeys = (audience: Audience) =>
  useQuery({
    queryKey: listKey(audience),
    queryFn: ({ signal }) => call(endpointsOf[audience].list, {}, { signal }),
  });

function useChange<Variables, Reply>(audience: Audience, change: (variables: Variables) => Promise<Reply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: listKey(audience) }),
  });
}

/** Options from the server, the browser's passkey prompt, then the server's check, under `name`. */
export const useAddPasskey = (audience: Audience) =>
  useChange(audience, async (name: string) => {
    const { options } = await call(endpointsOf[audience].registerOptions);
    // The browser library loads with the first passkey added, not with the page.
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: options });
    // Spread: the browser's interface has no index signature, the contract's passthrough object does.
    return call(endpointsOf[audience].registerVerify, { body: { name, response: { ...response } } });
  });

export const useRenamePasskey = (audience: Audience) =>
  useChange(audience, ({ id, name }: { id: string; name: string }) =>
    call(endpointsOf[audience].rename, { params: { id }, body: { name } }),
  );

export const useRemovePasskey = (audience: Audience) =>
  useChange(audience, (id: string) => call(endpointsOf[audience].remove, { params: { id } }));
