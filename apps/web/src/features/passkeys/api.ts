import type { MessageReply, PasskeyListReply } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Whose passkeys: the player's (`/api/passkeys`, player token) or the admin's (`/api/admin/passkeys`). */
export type Audience = 'player' | 'admin';

const base = (audience: Audience) => (audience === 'admin' ? '/api/admin/passkeys' : '/api/passkeys');

const listKey = (audience: Audience) => ['passkeys', audience] as const;

type PasskeyReply = { message: string; passkey: PasskeyListReply['passkeys'][number] };

export const usePasskeys = (audience: Audience) =>
  useQuery({
    queryKey: listKey(audience),
    queryFn: ({ signal }) => api.get<PasskeyListReply>(base(audience), { auth: audience, signal }),
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
    const { options } = await api.post<{ options: unknown }>(
      `${base(audience)}/register/options`,
      undefined,
      {
        auth: audience,
      },
    );
    // The browser library loads with the first passkey added, not with the page.
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: options as never });
    return api.post<PasskeyReply>(
      `${base(audience)}/register/verify`,
      { name, response },
      { auth: audience },
    );
  });

export const useRenamePasskey = (audience: Audience) =>
  useChange(audience, ({ id, name }: { id: string; name: string }) =>
    api.patch<PasskeyReply>(`${base(audience)}/${encodeURIComponent(id)}`, { name }, { auth: audience }),
  );

export const useRemovePasskey = (audience: Audience) =>
  useChange(audience, (id: string) =>
    api.delete<MessageReply>(`${base(audience)}/${encodeURIComponent(id)}`, undefined, { auth: audience }),
  );
