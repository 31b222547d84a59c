import { oidcEndpoints as endpoints, type OidcClientCreate, type OidcClientUpdate } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** Which app asks, for what, and whether sign-in or consent is due. */
export const useInteraction = (uid: string) =>
  useQuery({
    queryKey: ['oidc', 'interaction', uid],
    queryFn: ({ signal }) => call(endpoints.interaction, { params: { uid } }, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Sign-in with the portal session, or consent `{ approve }`: where the browser goes next. */
export const useInteractionStep = (uid: string) =>
  useMutation({
    mutationFn: (step: { login: true } | { approve: boolean }) =>
      'login' in step
        ? call(endpoints.login, { params: { uid } })
        : call(endpoints.consent, { params: { uid }, body: { approve: step.approve } }),
  });

/** What the device showing this code asks. */
export const useDescribeDevice = () =>
  useMutation({
    mutationFn: (userCode: string) => call(endpoints.device, { body: { user_code: userCode } }),
  });

/** Approve or deny the device. */
export const useDecideDevice = () =>
  useMutation({
    mutationFn: (decision: { user_code: string; approve: boolean }) =>
      call(endpoints.deviceDecision, { body: decision }),
  });

const GRANTS_KEY = ['oidc', 'grants'] as const;

/** The apps the player allowed. */
export const useGrants = () =>
  useQuery({ queryKey: GRANTS_KEY, queryFn: ({ signal }) => call(endpoints.grants, {}, { signal }) });

/** The app loses access. */
export const useRemoveGrant = () =>
  useRefreshingMutation((id: string) => call(endpoints.revokeGrant, { params: { id } }), GRANTS_KEY);

const CLIENTS_KEY = ['oidc', 'clients'] as const;

/** Every registered app. */
export const useClients = () =>
  useQuery({ queryKey: CLIENTS_KEY, queryFn: ({ signal }) => call(endpoints.clients, {}, { signal }) });

export const useCreateClient = () =>
  useRefreshingMutation(
    (input: OidcClientCreate) => call(endpoints.createClient, { body: input }),
    CLIENTS_KEY,
  );

export const useUpdateClient = () =>
  useRefreshingMutation(
    ({ id, change }: { id: string; change: OidcClientUpdate }) =>
      call(endpoints.updateClient, { params: { id }, body: change }),
    CLIENTS_KEY,
  );

export const useRotateSecret = () =>
  useRefreshingMutation((id: string) => call(endpoints.rotateClientSecret, { params: { id } }), CLIENTS_KEY);

export const useDeleteClient = () =>
  useRefreshingMutation((id: string) => call(endpoints.deleteClient, { params: { id } }), CLIENTS_KEY);
