import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  GAME_LABELS,
  GAMES,
  type Game,
  OIDC_GRANT_TYPES,
  type OidcClientCreate,
  type OidcGrantType,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { useCreateClient } from './api';

export const GRANT_LABELS: Record<OidcGrantType, string> = {
  authorization_code: 'Browser sign-in (authorization code + PKCE)',
  refresh_token: 'Refresh tokens (stay signed in)',
  'urn:ietf:params:oauth:grant-type:device_code': 'Device code (consoles, TVs)',
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The registration form of a new app; on success hands the new client id (and secret) to `onCreated`. */
export function RegisterAppDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: { client_id: string; client_secret?: string }, name: string) => void;
}) {
  const create = useCreateClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<OidcClientCreate['type']>('public');
  const [redirects, setRedirects] = useState('');
  const [logouts, setLogouts] = useState('');
  const [grants, setGrants] = useState<OidcGrantType[]>(['authorization_code', 'refresh_token']);
  const [firstParty, setFirstParty] = useState(false);
  const [game, setGame] = useState<Game | ''>('');
  const fieldErrors = create.error instanceof ApiError ? (create.error.body.errors ?? {}) : {};
  const problem = (field: string) => fieldErrors[field]?.[0];
  const placed = ['name', 'redirect_uris', 'post_logout_redirect_uris', 'grant_types'];
  const otherFailure =
    create.isError && !placed.some((field) => problem(field))
      ? errorMessage(create.error, 'The app could not be registered. Please try again.')
      : null;

  const close = () => {
    create.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: OidcClientCreate = {
      name,
      type,
      redirect_uris: lines(redirects),
      post_logout_redirect_uris: lines(logouts),
      grant_types: grants,
      first_party: firstParty,
      game: game || null,
    };
    create.mutate(input, {
      onSuccess: (created) => {
        onCreated(created, name.trim());
        setName('');
        setRedirects('');
        setLogouts('');
        close();
      },
    });
  };

  const toggleGrant = (grant: OidcGrantType, on: boolean) =>
    setGrants((current) => (on ? [...current, grant] : current.filter((g) => g !== grant)));

  return (
    <Dialog open={open} onClose={close} aria-labelledby="register-app-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="register-app-title">Register an app</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {otherFailure && <Alert severity="error">{otherFailure}</Alert>}
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={Boolean(problem('name'))}
              helperText={problem('name') ?? 'Players see this name when the app asks to sign them in.'}
            />
            <FormControl>
              <FormLabel id="app-type-label">Type</FormLabel>
              <RadioGroup
                aria-labelledby="app-type-label"
                value={type}
                onChange={(event) => setType(event.target.value as OidcClientCreate['type'])}
              >
                <FormControlLabel
                  value="public"
                  control={<Radio />}
                  label="Public: a game, launcher, console or mobile app (PKCE, no secret)"
                />
                <FormControlLabel
                  value="confidential"
                  control={<Radio />}
                  label="Confidential: a server that keeps a secret"
                />
              </RadioGroup>
            </FormControl>
            <TextField
              label="Redirect URIs"
              value={redirects}
              onChange={(event) => setRedirects(event.target.value)}
              multiline
              minRows={2}
              error={Boolean(problem('redirect_uris'))}
              helperText={problem('redirect_uris') ?? 'One per line.'}
            />
            <TextField
              label="Sign-out redirect URIs"
              value={logouts}
              onChange={(event) => setLogouts(event.target.value)}
              multiline
              minRows={1}
              error={Boolean(problem('post_logout_redirect_uris'))}
              helperText={problem('post_logout_redirect_uris') ?? 'One per line; optional.'}
            />
            <FormControl error={Boolean(problem('grant_types'))} component="fieldset">
              <FormLabel component="legend">Grant types</FormLabel>
              <FormGroup>
                {OIDC_GRANT_TYPES.map((grant) => (
                  <FormControlLabel
                    key={grant}
                    control={
                      <Checkbox
                        checked={grants.includes(grant)}
                        onChange={(event) => toggleGrant(grant, event.target.checked)}
                      />
                    }
                    label={GRANT_LABELS[grant]}
                  />
                ))}
              </FormGroup>
              {problem('grant_types') && <FormHelperText>{problem('grant_types')}</FormHelperText>}
            </FormControl>
            <FormControlLabel
              control={
                <Checkbox checked={firstParty} onChange={(event) => setFirstParty(event.target.checked)} />
              }
              label="First-party (the publisher's own app: no consent screen)"
            />
            <TextField
              select
              label="Game"
              value={game}
              onChange={(event) => setGame(event.target.value as Game | '')}
              helperText="The nickname claim is the player's nickname in this game."
            >
              <MenuItem value="">None</MenuItem>
              {GAMES.map((g) => (
                <MenuItem key={g} value={g}>
                  {GAME_LABELS[g]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Register
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
