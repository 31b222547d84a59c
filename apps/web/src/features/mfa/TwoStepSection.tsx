import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_COUNT, type TotpEnableReply, type TotpSetupReply } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AsyncSection } from '../../shell/AsyncSection';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { useSession } from '../../shell/session';
import { type Audience, useMfaStatus, useRefreshMfaStatus, useRenewRecoveryCodes, useTotpSetup } from './api';
import { RecoveryCodes } from './RecoveryCodes';
import { TurnOffForm } from './TurnOffForm';

// The QR code library comes only with the setup screen.
const TotpSetup = lazy(() => import('./TotpSetup'));

type Step =
  | { name: 'status' }
  | { name: 'setup'; setup: TotpSetupReply }
  /** `turnedOn`: the codes of turning it on (else new recovery codes). */
  | { name: 'codes'; enabled: TotpEnableReply; turnedOn: boolean }
  | { name: 'turn-off' };

interface TwoStepSectionProps {
  audience: Audience;
  /** Called once two-step is turned on, its recovery codes saved and the status fresh again. */
  onSetUp?: () => void;
}

/**
 * "Two-step verification" on the Security pages: off → Turn on → QR code and key → one code → the recovery
 * codes once; on → how many recovery codes are left, New recovery codes (after "Confirm it's you", shown
 * once and replacing the old ones), and Turn off (password and a code).
 */
export default function TwoStepSection({ audience, onSetUp }: TwoStepSectionProps) {
  const session = useSession();
  const token = audience === 'admin' ? session.admin.adminToken : session.player.token;
  const status = useMfaStatus(audience, token);
  const refreshStatus = useRefreshMfaStatus(audience);
  const startSetup = useTotpSetup(audience);
  const renewCodes = useRenewRecoveryCodes(audience);
  const [step, setStep] = useState<Step>({ name: 'status' });
  const [notice, setNotice] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const turnOn = () => {
    setNotice(null);
    startSetup.mutate(undefined, { onSuccess: (setup) => setStep({ name: 'setup', setup }) });
  };
  const newCodes = () => {
    setNotice(null);
    renewCodes.mutate(undefined, {
      onSuccess: (enabled) => setStep({ name: 'codes', enabled, turnedOn: false }),
    });
  };
  const finish = async (message: string | null) => {
    setRefreshing(true);
    await refreshStatus();
    setRefreshing(false);
    setNotice(message);
    setStep({ name: 'status' });
  };

  // Recovery codes are shown once two-step verification is on, before the status is read again.
  const enabled = step.name === 'codes' || (status.data?.totp_enabled ?? false);
  return (
    <Card component="section" aria-labelledby="two-step-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1.5 }}>
          <Typography id="two-step-heading" variant="h6" component="h2">
            Two-step verification
          </Typography>
          {(status.isSuccess || step.name === 'codes') && (
            <Chip
              size="small"
              label={enabled ? 'On' : 'Off'}
              color={enabled ? 'success' : 'default'}
              sx={{ fontWeight: 700 }}
            />
          )}
        </Stack>
        {notice && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {step.name === 'setup' ? (
          <Suspense fallback={<CenteredSpinner size="section" label="Preparing the setup…" />}>
            <TotpSetup
              audience={audience}
              setup={step.setup}
              onEnabled={(enabled) => setStep({ name: 'codes', enabled, turnedOn: true })}
              onCancel={() => setStep({ name: 'status' })}
            />
          </Suspense>
        ) : step.name === 'codes' ? (
          <RecoveryCodes
            codes={step.enabled.recovery_codes}
            saving={refreshing}
            onSaved={() =>
              void finish(step.enabled.message).then(() => {
                if (step.turnedOn) onSetUp?.();
              })
            }
          />
        ) : (
          <AsyncSection query={status} what="two-step verification">
            {(current) =>
              step.name === 'turn-off' ? (
                <TurnOffForm
                  audience={audience}
                  onTurnedOff={(message) => void finish(message)}
                  onCancel={() => setStep({ name: 'status' })}
                />
              ) : current.totp_enabled ? (
                <Stack spacing={2} alignItems="flex-start">
                  <Typography>
                    Signing in asks for a code from your authenticator app after your password.
                  </Typography>
                  <Typography color={current.recovery_codes_left === 0 ? 'error' : 'text.secondary'}>
                    {current.recovery_codes_left} of {RECOVERY_CODE_COUNT} recovery codes left.
                    {current.recovery_codes_left === 0 && ' Make new ones now.'}
                  </Typography>
                  {renewCodes.isError && (
                    <Alert severity="error" role="alert">
                      {errorMessage(
                        renewCodes.error,
                        'New recovery codes could not be made. Please try again.',
                      )}
                    </Alert>
                  )}
                  <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                    <Button variant="outlined" onClick={newCodes} disabled={renewCodes.isPending}>
                      New recovery codes
                    </Button>
                    <Button variant="outlined" color="error" onClick={() => setStep({ name: 'turn-off' })}>
                      Turn off
                    </Button>
                  </Stack>
                </Stack>
              ) : (
                <Stack spacing={2} alignItems="flex-start">
                  <Typography>
                    Protect your account with a second step: after your password, enter a 6-digit code from an
                    authenticator app on your phone.
                  </Typography>
                  {startSetup.isError && (
                    <Alert severity="error" role="alert">
                      {errorMessage(startSetup.error, 'The setup could not be started. Please try again.')}
                    </Alert>
                  )}
                  <Box>
                    <Button variant="contained" onClick={turnOn} disabled={startSetup.isPending}>
                      Turn on
                    </Button>
                  </Box>
                </Stack>
              )
            }
          </AsyncSection>
        )}
      </CardContent>
    </Card>
  );
}
