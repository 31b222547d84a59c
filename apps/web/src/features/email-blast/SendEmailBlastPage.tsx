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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type EmailBlastListReply } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../lib/api';

export const EMAIL_TOAST_MS = 3000;

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Send Test Email: the managed recipients, one idempotent send ('Sending...' while busy) and a 3 s toast. */
export default function SendEmailBlastPage() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['email-blast'],
    queryFn: () => api.get<EmailBlastListReply>('/api/email-blast', { auth: 'admin' }),
  });
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<{ ok: boolean; text: string } | null>(null);
  // One key per send intent: a double click or a retry of the same intent reuses it.
  const key = useRef<string>(newKey());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const send = async () => {
    if (sending) return;
    setSending(true);
    try {
      const reply = await api.post<{ message: string }>(
        '/api/email-blast',
        { idempotencyKey: key.current },
        { auth: 'admin' },
      );
      setToast({ ok: true, text: reply.message || ADMIN_MESSAGES.emailsSent });
      key.current = newKey();
    } catch (error) {
      console.error(error);
      setToast({ ok: false, text: ADMIN_MESSAGES.emailsFailed });
      // A refused send (4xx) will not succeed with the same key; a lost reply keeps it for a safe retry.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) key.current = newKey();
    } finally {
      setSending(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    try {
      await api.post('/api/email-blast/recipients', { name, email }, { auth: 'admin' });
      setName('');
      setEmail('');
      await client.invalidateQueries({ queryKey: ['email-blast'] });
    } catch (error) {
      setFormError(errorMessage(error, 'The recipient could not be added.'));
    }
  };
  const remove = async (id: string) => {
    await api.delete(`/api/email-blast/recipients/${id}`, undefined, { auth: 'admin' }).catch(console.error);
    await client.invalidateQueries({ queryKey: ['email-blast'] });
  };

  const users = list.data?.users ?? [];
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="email-blast-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography id="email-blast-title" variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          Send Test Email
        </Typography>
        <Button variant="contained" onClick={send} disabled={sending}>
          {sending ? 'Sending...' : 'Send Test Email'}
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
        <TextField size="small" label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          size="small"
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="outlined">
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
