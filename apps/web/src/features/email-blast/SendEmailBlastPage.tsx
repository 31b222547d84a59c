import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, emailBlastAddRecipientSchema } from '@portal/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { FormTextField } from '../../shell/FormTextField';
import { emailBlastApi, useRecipientChange, useRecipients, useSendEmailBlast } from './api';

const EMAIL_TOAST_MS = 3000;

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Send Test Email: the managed recipients, one idempotent send ('Sending...' while busy) and a 3 s toast. */
export default function SendEmailBlastPage() {
  const list = useRecipients();
  const sendBlast = useSendEmailBlast();
  const [toast, setToast] = useState<{ ok: boolean; text: string } | null>(null);
  // One key per send intent: a double click or a retry of the same intent reuses it.
  const key = useRef<string>(newKey());
  const addRecipient = useRecipientChange(emailBlastApi.addRecipient);
  const removeRecipient = useRecipientChange(emailBlastApi.removeRecipient);
  const form = useForm({
    resolver: zodResolver(emailBlastAddRecipientSchema),
    defaultValues: { name: '', email: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);

  const send = () => {
    if (sendBlast.isPending) return;
    sendBlast.mutate(
      { idempotencyKey: key.current },
      {
        onSuccess: (reply) => {
          setToast({ ok: true, text: reply.message || ADMIN_MESSAGES.emailsSent });
          key.current = newKey();
        },
        onError: (error) => {
          console.error(error);
          setToast({ ok: false, text: ADMIN_MESSAGES.emailsFailed });
          // A refused send (4xx) will not succeed with the same key; a lost reply keeps it for a safe retry.
          if (error instanceof ApiError && error.refused) key.current = newKey();
        },
      },
    );
  };

  const add = form.handleSubmit((values) => {
    setFormError(null);
    addRecipient.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (!showFieldErrors(error, form))
          setFormError(errorMessage(error, 'The recipient could not be added.'));
      },
    });
  });
  const remove = (id: string) => removeRecipient.mutate(id, { onError: console.error });

  const users = list.data?.users ?? [];
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="email-blast-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography id="email-blast-title" variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          Send Test Email
        </Typography>
        <Button variant="contained" onClick={send} disabled={sendBlast.isPending}>
          {sendBlast.isPending ? 'Sending...' : 'Send Test Email'}
        </Button>
      </Stack>
      {list.isLoading && <CircularProgress size={24} aria-label="Loading" />}
      {list.isError && <Alert severity="error">The recipients could not be loaded.</Alert>}
      {list.isSuccess && users.length === 0 && <Typography>{ADMIN_MESSAGES.noEmails}</Typography>}
      {users.length > 0 && (
        <List aria-label="Test recipients">
          {users.map((u) => (
            <ListItem
              key={u.id}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${u.email}`} onClick={() => remove(u.id)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={u.name} secondary={u.email} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack
        component="form"
        onSubmit={add}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 3 }}
        noValidate
      >
        <FormTextField control={form.control} name="name" size="small" label="Name" />
        <FormTextField control={form.control} name="email" size="small" label="Email" type="email" />
        <Button type="submit" variant="outlined" disabled={addRecipient.isPending}>
          Add recipient
        </Button>
      </Stack>
      {formError && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {formError}
        </Alert>
      )}
      <Snackbar
        open={toast !== null}
        autoHideDuration={EMAIL_TOAST_MS}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity={toast?.ok ? 'success' : 'error'} role="status" onClose={() => setToast(null)}>
          {toast?.text}
        </Alert>
      </Snackbar>
    </Card>
  );
}
