import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TOTP_DIGITS,
  type TotpEnableReply,
  type TotpSetupReply,
  totpEnableRequestSchema,
} from '@portal/contract';
import * as QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { codeDigits } from '../../shell/ConfirmCodeField';
import { CopyButton } from '../../shell/CopyButton';
import { FormTextField } from '../../shell/FormTextField';
import { type Audience, useTotpEnable } from './api';

/** The base32 secret in groups of four, easier to read out and type into an app. */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The otpauth URL as a QR code, drawn here as SVG (no outside service sees the secret). */
function QrCodeImage({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [url]);

  if (failed) return <Alert severity="warning">The QR code could not be drawn: enter the key by hand.</Alert>;
  return (
    <Box
      sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      {src && (
        <Box
          component="img"
          src={src}
          alt="QR code to scan with your authenticator app"
          sx={{ width: 1, height: 1, display: 'block' }}
        />
      )}
    </Box>
  );
}

/**
 * Step 1 of turning TOTP on: the QR code and the secret as text for the authenticator app, then one code
 * from the app to prove it works. `onEnabled` gets the server's reply with the recovery codes.
 */
export default function TotpSetup({
  audience,
  setup,
  onEnabled,
  onCancel,
}: {
  audience: Audience;
  setup: TotpSetupReply;
  onEnabled: (reply: TotpEnableReply) => void;
  onCancel: () => void;
}) {
  const enable = useTotpEnable(audience);
  const form = useForm({ resolver: zodResolver(totpEnableRequestSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: onEnabled,
      onError: (error) => {
        if (showFieldErrors(error, form)) enable.reset();
      },
    }),
  );

  return (
    <Stack spacing={2.5}>
      <Typography>
        1. Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) and scan
        this QR code.
      </Typography>
      <QrCodeImage url={setup.otpauth_url} />
      <Box>
        <Typography id="totp-secret-label" variant="body2" color="text.secondary">
          Can't scan it? Enter this setup key in the app instead:
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <Typography
            component="code"
            aria-labelledby="totp-secret-label"
            data-testid="totp-secret"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1.1rem',
              letterSpacing: '0.08em',
              overflowWrap: 'anywhere',
            }}
          >
            {groupSecret(setup.secret)}
          </Typography>
          <CopyButton text={setup.secret} size="small">
            Copy key
          </CopyButton>
        </Stack>
      </Box>
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Confirm two-step setup">
        <Typography>2. Enter the {TOTP_DIGITS}-digit code the app shows for this account.</Typography>
        {enable.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(enable.error, 'The code could not be checked. Please try again.')}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="code"
          label={`${TOTP_DIGITS}-digit code`}
          autoComplete="one-time-code"
          transform={codeDigits}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: TOTP_DIGITS, pattern: '\\d*' } }}
          sx={{ maxWidth: 240 }}
          required
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={enable.isPending}>
            Confirm
          </Button>
          <Button onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
