import {
  type appealListQuerySchema,
  moderationEndpoints,
  type PlaceSanctionBody,
  type reportQueueQuerySchema,
  type resolveReportsBodySchema,
  type sanctionListQuerySchema,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';

export type SanctionQuery = z.input<typeof sanctionListQuerySchema>;
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;
type AppealQuery = z.input<typeof appealListQuerySchema>;
type ResolveReports = z.input<typeof resolveReportsBodySchema>;

/** Every moderation list: a change anywhere reads them all again (they show one another's effects). */
const MODERATION_KEY = ['moderation'] as const;
/** The player detail page's query: its staff actions gain the sanction placed or lifted. */
const PLAYER_DETAIL_KEY = ['admin-users', 'detail'] as const;

/** GET /api/admin/sanctions (newest first, 50 a page); the page shown stays while another loads. */
export function useSanctions(query: SanctionQuery) {
  return useQuery({
    queryKey: [...MODERATION_KEY, 'sanctions', query],
    queryFn: ({ signal }) => call(moderationEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/admin/reports: reported players, most open reports first. */
export function useReportQueue(query: ReportQueueQuery) {
  return useQuery({
    queryKey: [...MODERATION_KEY, 'reports', query],
    queryFn: ({ signal }) => call(moderationEndpoints.reportQueue, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/admin/players/{uuid}/reports: one reported player's open reports with their reporters' record. */
export function usePlayerReports(player: string) {
  return useQuery({
    queryKey: [...MODERATION_KEY, 'player-reports', player],
    queryFn: ({ signal }) =>
      call(moderationEndpoints.playerReports, { params: { uuid: player } }, { signal }),
    retry: false,
  });
}

/** GET /api/admin/appeals. */
export function useAppeals(query: AppealQuery) {
  return useQuery({
    queryKey: [...MODERATION_KEY, 'appeals', query],
    queryFn: ({ signal }) => call(moderationEndpoints.appeals, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A change after which the moderation lists and the player's page are read again, whatever the outcome. */
function useModerationChange<Variables, Reply>(change: (variables: Variables) => Promise<Reply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: MODERATION_KEY }),
        client.invalidateQueries({ queryKey: PLAYER_DETAIL_KEY }),
      ]),
  });
}

/** POST /api/admin/players/{uuid}/sanctions (a recent proof: the client asks "Confirm it's you" on 403). */
export const usePlaceSanction = () =>
  useModerationChange(({ player, body }: { player: string; body: PlaceSanctionBody }) =>
    call(moderationEndpoints.place, { params: { uuid: player }, body }),
  );

/** POST /api/admin/sanctions/{id}/lift with the reason (a recent proof). */
export const useLiftSanction = () =>
  useModerationChange(({ id, reason }: { id: string; reason: string }) =>
    call(moderationEndpoints.lift, { params: { id }, body: { reason } }),
  );

/** POST /api/admin/appeals/{id}/decision: uphold or lift, with the answer the player reads (a recent proof). */
export const useDecideAppeal = () =>
  useModerationChange(
    ({ id, decision, message }: { id: string; decision: 'uphold' | 'lift'; message: string }) =>
      call(moderationEndpoints.decideAppeal, { params: { id }, body: { decision, message } }),
  );

/** POST /api/admin/reports/resolve: dismiss (with a reason) or mark reviewed, in bulk. */
export const useResolveReports = () =>
  useModerationChange((body: ResolveReports) => call(moderationEndpoints.resolveReports, { body }));
