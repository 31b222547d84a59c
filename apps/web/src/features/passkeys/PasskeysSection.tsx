import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSKEY_NAME_MAX, type Passkey, RECENT_ADDITIONS_DAYS } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { ListRow } from '../../shell/ListRow';
import { passkeyError } from '../../shell/PasskeySignInButton';
import { type Audience, useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api';

const RECENT_MS = RECENT_ADDITIONS_DAYS * 24 * 3_600_000;

/** Added in the last days: such a passkey is pointed out (decision 0038), as it outlives every session. */
const isRecent = (passkey: Passkey) => Date.now() - Date.parse(passkey.created_at) < RECENT_MS;

/**
 * "Passkeys" on the Security pages: the account's passkeys (name, added, last used), "Add a passkey" under
 * a name (the browser's prompt, after "Confirm it's you"), rename, and remove after a confirmation; the ones
 * added in the last 7 days are pointed out.
 */
export default function PasskeysSection({ audience }: { audience: Audience }) {
  const passkeys = usePasskeys(audience);
  const add = useAddPasskey(audience);
  const remove = useRemovePasskey(audience);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    add.mutate(name.trim(), {
      onSuccess: (reply) => {
        setNotice(reply.message);
        setName('');
      },
    });
  };

  const onRemove = () => {
    if (!removing) return;
    setNotice(null);
    remove.mutate(removing.id, { onSuccess: (reply) => setNotice(reply.message) });
    setRemoving(null);
  };

  const recent = (passkeys.data?.passkeys ?? []).filter(isRecent);
  return (
    <Card component="section" aria-labelledby="passkeys-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="passkeys-title" variant="h6" component="h2">
          Passkeys
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A passkey signs you in with your device's screen lock or a security key, without your password or a
          code.
        </Typography>
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {recent.length > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Added in the last {RECENT_ADDITIONS_DAYS} days: {recent.map((p) => `“${p.name}”`).join(', ')}.
            Passkeys keep signing in after a password reset or signing out everywhere: remove any you do not
            recognise.
          </Alert>
        )}
        {remove.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(remove.error, 'The passkey could not be removed. Please try again.')}
          </Alert>
        )}
        <AsyncSection
          query={passkeys}
          what="your passkeys"
          empty="No passkeys yet."
          select={(data) => data.passkeys}
        >
          {(list) => (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {list.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  disabled={remove.isPending}
                  onRename={() => setRenaming(passkey)}
                  onRemove={() => setRemoving(passkey)}
                />
              ))}
            </Stack>
          )}
        </AsyncSection>
        <Box component="form" noValidate onSubmit={onAdd} aria-label="Add a passkey" sx={{ mt: 3 }}>
          {add.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {passkeyError(add.error, 'The passkey could not be added. Please try again.')}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label="Passkey name"
              placeholder="e.g. My laptop"
              size="small"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" disabled={add.isPending || name.trim() === ''}>
              Add a passkey
            </Button>
          </Stack>
        </Box>
      </CardContent>
      <RenameDialog
        audience={audience}
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onDone={setNotice}
      />
      <ConfirmDialog
        confirmation={
          removing && {
            title: 'Remove this passkey?',
            text: `“${removing.name}” will no longer sign you in. You can add it again later.`,
            confirm: 'Remove',
            onConfirm: onRemove,
          }
        }
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

function PasskeyRow({
  passkey,
  disabled,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  disabled: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <ListRow
      testId="passkey-row"
      title={passkey.name}
      badge={isRecent(passkey) && <Chip size="small" label="New" color="info" sx={{ fontWeight: 700 }} />}
      details={
        <>
          Added {formatDateTime(passkey.created_at)} · Last used{' '}
          {passkey.last_used_at ? formatDateTime(passkey.last_used_at) : 'never'}
        </>
      }
      actions={
        <Stack direction="row" spacing={1}>
          <Button onClick={onRename} disabled={disabled} aria-label={`Rename ${passkey.name}`}>
            Rename
          </Button>
          <Button color="error" onClick={onRemove} disabled={disabled} aria-label={`Remove ${passkey.name}`}>
            Remove
          </Button>
        </Stack>
      }
    />
  );
}

function RenameDialog({
  audience,
  passkey,
  onClose,
  onDone,
}: {
  audience: Audience;
  passkey: Passkey | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const rename = useRenamePasskey(audience);
  const [name, setName] = useState('');
  const close = () => {
    rename.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!passkey) return;
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: (reply) => {
          onDone(reply.message);
          close();
        },
      },
    );
  };
  return (
    <Dialog
      open={passkey !== null}
      onClose={close}
      aria-labelledby="rename-passkey-title"
      slotProps={{ transition: { onEnter: () => setName(passkey?.name ?? '') } }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="rename-passkey-title">Rename passkey</DialogTitle>
        <DialogContent>
          {rename.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(rename.error, 'The passkey could not be renamed. Please try again.')}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Passkey name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={rename.isPending || name.trim() === ''}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
