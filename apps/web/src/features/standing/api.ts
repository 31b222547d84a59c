import {
  moderationEndpoints,
  type playerReportBodySchema,
  SANCTION_MESSAGES,
  type Standing,
  standingEndpoints,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, call } from '../../lib/api';
import { forgetStandingToken, standingToken } from '../../lib/standing-token';
import { useSession } from '../../shell/session';

export type PlayerReportBody = z.input<typeof playerReportBodySchema>;

/** The standing as read, with the token that read it (the appeal goes with the same one). */
interface ReadStanding {
  standing: Standing;
  token: string;
}

const STANDING_KEY = ['standing'] as const;

const signedOut = () =>
  new ApiError(401, { message: SANCTION_MESSAGES.standingUnauthenticated, code: 'UNAUTHENTICATED' });

/**
 * GET /api/standing with the tab's standing token (a refused sign-in's, lib/standing-token.ts) and then the
 * player's session: a token the server no longer takes (run out, 401) is dropped and the next one tried.
 * With neither, 401 with the server's words.
 */
async function readStanding(sessionToken: string | null, signal: AbortSignal): Promise<ReadStanding> {
  const fromRefusal = standingToken();
  const candidates = [fromRefusal, sessionToken].filter((token): token is string => Boolean(token));
  for (const token of candidates) {
    try {
      return { standing: await call(standingEndpoints.standing, {}, { token, signal }), token };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'UNAUTHENTICATED') throw error;
      if (token === fromRefusal) forgetStandingToken();
    }
  }
  throw signedOut();
}

/** The player's sanctions, newest first; `enabled` waits for a token being moved out of the address. */
export function useStanding(enabled: boolean) {
  const { player } = useSession();
  return useQuery({
    queryKey: [...STANDING_KEY, player.token],
    queryFn: ({ signal }) => readStanding(player.token, signal),
    enabled,
    retry: false,
  });
}

/**
 * POST /api/standing/sanctions/{id}/appeal, with the token the standing was read with: the appeal shows
 * under its sanction at once, then the standing is read again.
 */
export function useAppeal(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      call(standingEndpoints.appeal, { params: { id }, body: { message } }, { token }),
    onSuccess: ({ appeal }, { id }) =>
      client.setQueriesData<ReadStanding>({ queryKey: STANDING_KEY }, (read) =>
        read
          ? {
              ...read,
              standing: {
                sanctions: read.standing.sanctions.map((s) => (s.id === id ? { ...s, appeal } : s)),
              },
            }
          : read,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: STANDING_KEY }),
  });
}

/** POST /api/reports: the signed-in player reports another by their nickname in a game. */
export function useReportPlayer() {
  return useMutation({
    mutationFn: (body: PlayerReportBody) => call(moderationEndpoints.playerReport, { body }),
  });
}
