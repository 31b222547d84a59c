import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepStandingToken, type SanctionRefusal } from '../lib/standing-token';
import { PAGES } from './pages';

/**
 * A sign-in or a checkout refused by a sanction (403 ACCOUNT_SANCTIONED): the server's message, as text, and
 * "See your account standing", which opens /standing. The refusal's standing token, when it has one, is
 * kept in this tab (lib/standing-token.ts) so that the page opens without a session. `tokenInLink` also puts
 * it in the link's fragment (`/standing#token=…`), for the launcher's page, whose links may open in another
 * browser than the one that kept it.
 */
export function SanctionRefusalAlert({
  refusal,
  tokenInLink = false,
  onClose,
  sx,
}: {
  refusal: SanctionRefusal;
  tokenInLink?: boolean;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  useEffect(() => {
    if (refusal.token) keepStandingToken(refusal.token);
  }, [refusal.token]);
  return (
    <Alert severity="error" role="alert" onClose={onClose} sx={sx}>
      {refusal.message}{' '}
      <Link
        component={RouterLink}
        to={
          tokenInLink && refusal.token
            ? `${PAGES.standing.path}#token=${encodeURIComponent(refusal.token)}`
            : PAGES.standing.path
        }
        color="inherit"
        sx={{ fontWeight: 700 }}
      >
        See your account standing
      </Link>
    </Alert>
  );
}
