import type { MfaLoginRequest, MfaRequiredReply } from '@portal/contract';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { CenteredSpinner } from '../../shell/CenteredSpinner';

// Its own chunk, loaded when a first step answers `mfa_required` (the login pages' bundle budget).
const MfaSignInStep = lazy(() => import('./MfaSignInStep'));

interface SignInFlowOptions<Reply> {
  /** The audience's code step (`mfaSignIn.player`, `.admin`, `.launcher`). */
  verify: (request: MfaLoginRequest) => Promise<Reply>;
  /** A finished sign-in (the first step, the code step or a passkey): the page's own way on. */
  onSignedIn: (reply: Reply) => void;
  /** Back to sign-in from the code step, after the code step is gone (e.g. reset the first step). */
  onBack: () => void;
}

interface SignInFlow<Reply> {
  /** The code step while a first step's challenge is open (render it where the page shows it), else null. */
  codeStep: ReactNode;
  /** True while the code step is open (the first step's form stays in the page, hidden, or gives way). */
  inCodeStep: boolean;
  /** True once `announce` was called: the page shows its signed-in banner and disables its buttons. */
  signedIn: boolean;
  /** The first step's reply: a challenge opens the code step; a sign-in goes to `then` (`onSignedIn`). */
  answer: (reply: Reply | MfaRequiredReply, then?: (reply: Reply) => void) => void;
  /** Closes the code step (a page that replaces it once the code is accepted). */
  leaveCodeStep: () => void;
  /** Marks the sign-in done (`signedIn`) and moves on with `then`: after `delayMs`, or at once without one. */
  announce: (then: () => void, delayMs?: number) => void;
}

const isChallenge = (reply: object): reply is MfaRequiredReply => 'mfa_required' in reply;

/**
 * The steps every sign-in page shares (LoginPage, AdminLoginPage, the launcher's password login and the social
 * return): a first step (password, passkey, social exchange) that either signs in or answers a challenge
 * (`mfa_token`) for the code step (an authenticator code or a recovery code), Back to sign-in, and the signed-in
 * state whose banner shows until the page moves on. Each page keeps its own first step, error texts and
 * redirect; this keeps the states between them (docs/decisions/0054-one-sign-in-flow-and-web-blocks.md).
 */
export function useSignInFlow<Reply extends object>({
  verify,
  onSignedIn,
  onBack,
}: SignInFlowOptions<Reply>): SignInFlow<Reply> {
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const codeStep = mfaToken && (
    <Suspense fallback={<CenteredSpinner size="section" />}>
      <MfaSignInStep
        mfaToken={mfaToken}
        verify={(request) => verify(request).then(onSignedIn)}
        onBack={() => {
          setMfaToken(null);
          onBack();
        }}
      />
    </Suspense>
  );

  return {
    codeStep,
    inCodeStep: mfaToken !== null,
    signedIn,
    answer: (reply, then = onSignedIn) => (isChallenge(reply) ? setMfaToken(reply.mfa_token) : then(reply)),
    leaveCodeStep: () => setMfaToken(null),
    announce: (then, delayMs) => {
      setSignedIn(true);
      if (delayMs === undefined) then();
      else timer.current = setTimeout(then, delayMs);
    },
  };
}
