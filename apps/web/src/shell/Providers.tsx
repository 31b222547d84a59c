import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError, proofOfWork, stepUp } from '../lib/api';
import { AppReadyProvider } from './app-ready';
import { ChallengeStatus } from './ChallengeStatus';
import { useAppTheme } from './Layout';
import { StepUpHost } from './StepUpHost';
import { SessionProvider } from './session';
import { UiStateProvider } from './ui-state';

/** The portal's query client; tests take it and turn retries off. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; only network failures and 5xx are worth a second try.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.refused),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * What every page may show over itself, "Confirm it's you" and the browser check's banner, in the portal's
 * theme: they sit outside the routes, so Layout's theme does not reach them (without it MUI's default look,
 * light only, would show). Each is handed the API client's collaborator it answers or watches.
 */
function Overlays() {
  return (
    <ThemeProvider theme={useAppTheme()}>
      <ChallengeStatus status={proofOfWork.status} />
      <StepUpHost stepUp={stepUp} />
    </ThemeProvider>
  );
}

/** `sentDrawn`: the page is rendered as the server sends it drawn, or hydrated from that (`AppReadyProvider`). */
export function AppProviders({
  children,
  client,
  sentDrawn = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  sentDrawn?: boolean;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AppReadyProvider sentDrawn={sentDrawn}>
        <SessionProvider>
          <UiStateProvider>
            {children}
            <Overlays />
          </UiStateProvider>
        </SessionProvider>
      </AppReadyProvider>
    </QueryClientProvider>
  );
}
