import type {
  MessageReply,
  OidcClient,
  OidcClientCreate,
  OidcClientUpdate,
  OidcDevice,
  OidcGrant,
  OidcInteraction,
} from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

type Redirect = { redirect_to: string };
type Created = { client_id: string; client_secret?: string };

const interactionPath = (uid: string) => `/api/oidc/interaction/${encodeURIComponent(uid)}`;

/** GET /api/oidc/interaction/{uid}: which app asks, for what, and whether sign-in or consent is due. */
export const useInteraction = (uid: string) =>
  useQuery({
    queryKey: ['oidc', 'interaction', uid],
    queryFn: ({ signal }) => api.get<OidcInteraction>(interactionPath(uid), { auth: 'none', signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST …/login with the portal session, or …/consent { approve }: where the browser goes next. */
export const useInteractionStep = (uid: string) =>
  useMutation({
    mutationFn: (step: { login: true } | { approve: boolean }) =>
      'login' in step
        ? api.post<Redirect>(`${interactionPath(uid)}/login`)
        : api.post<Redirect>(`${interactionPath(uid)}/consent`, { approve: step.approve }),
  });

/** POST /api/oidc/device: what the device showing this code asks. */
export const useDescribeDevice = () =>
  useMutation({
    mutationFn: (userCode: string) => api.post<OidcDevice>('/api/oidc/device', { user_code: userCode }),
  });

/** POST /api/oidc/device/decision: approve or deny the device. */
export const useDecideDevice = () =>
  useMutation({
    mutationFn: (decision: { user_code: string; approve: boolean }) =>
      api.post<MessageReply>('/api/oidc/device/decision', decision),
  });

const GRANTS_KEY = ['oidc', 'grants'] as const;

/** GET /api/oidc/grants: the apps the player allowed. */
export const useGrants = () =>
  useQuery({
    queryKey: GRANTS_KEY,
    queryFn: ({ signal }) => api.get<{ grants: OidcGrant[] }>('/api/oidc/grants', { signal }),
  });

/** DELETE /api/oidc/grants/{id}: the app loses access. */
export const useRemoveGrant = () =>
  useRefreshingMutation(
    (id: string) => api.delete<MessageReply>(`/api/oidc/grants/${encodeURIComponent(id)}`),
    GRANTS_KEY,
  );

const CLIENTS_KEY = ['oidc', 'clients'] as const;
const admin = { auth: 'admin' } as const;
const clientPath = (id: string) => `/api/admin/oidc/clients/${encodeURIComponent(id)}`;

/** GET /api/admin/oidc/clients: every registered app. */
export const useClients = () =>
  useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }) =>
      api.get<{ clients: OidcClient[] }>('/api/admin/oidc/clients', { ...admin, signal }),
  });

export const useCreateClient = () =>
  useRefreshingMutation(
    (input: OidcClientCreate) => api.post<Created>('/api/admin/oidc/clients', input, admin),
    CLIENTS_KEY,
  );

export const useUpdateClient = () =>
  useRefreshingMutation(
    ({ id, change }: { id: string; change: OidcClientUpdate }) =>
      api.patch<OidcClient>(clientPath(id), change, admin),
    CLIENTS_KEY,
  );

export const useRotateSecret = () =>
  useRefreshingMutation(
    (id: string) => api.post<Created>(`${clientPath(id)}/rotate-secret`, undefined, admin),
    CLIENTS_KEY,
  );

export const useDeleteClient = () =>
  useRefreshingMutation(
    (id: string) => api.delete<MessageReply>(clientPath(id), undefined, admin),
    CLIENTS_KEY,
  );
