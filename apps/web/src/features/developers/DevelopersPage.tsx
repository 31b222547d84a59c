import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Developer, markDeveloperSchema } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { developersApi, useDeveloperChange, useDevelopers } from './api';

type Outcome = { ok: boolean; text: string } | null;

/** Where the account stands: verified, waiting for its link, or the link ran out (send a new one). */
function LinkState({ developer }: { developer: Developer }) {
  if (developer.verifiedAt) {
    return <Chip size="small" color="success" label={`Verified ${formatDate(developer.verifiedAt)}`} />;
  }
  const expires = developer.linkExpiresAt ? Date.parse(developer.linkExpiresAt) : 0;
  if (expires > Date.now()) {
    return (
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={`Link sent, valid until ${formatDateTime(expires)}`}
      />
    );
  }
  return <Chip size="small" color="error" variant="outlined" label="Link expired" />;
}

function MarkDeveloperForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const mark = useDeveloperChange(developersApi.mark);
  const form = useForm({ resolver: zodResolver(markDeveloperSchema), defaultValues: { email: '' } });

  const submit = form.handleSubmit((values) => {
    onOutcome(null);
    mark.mutate(values, {
      onSuccess: (reply) => {
        form.reset();
        onOutcome({ ok: true, text: reply.message });
      },
      onError: (error) => {
        if (showFieldErrors(error, form)) return;
        onOutcome({ ok: false, text: errorMessage(error, 'The account could not be marked.') });
      },
    });
  });

  return (
    <Stack
      component="form"
      aria-label="Mark a developer"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ sm: 'flex-start' }}
      noValidate
    >
      <FormTextField
        control={form.control}
        name="email"
        size="small"
        type="email"
        label="Player email"
        hint="The player gets a link; developer builds accept them once it is opened."
        sx={{ minWidth: { sm: 320 } }}
        required
      />
      <Button type="submit" variant="contained" disabled={mark.isPending}>
        {mark.isPending ? 'Sending…' : 'Mark as developer'}
      </Button>
    </Stack>
  );
}

/**
 * Caliber Developers (back-office): mark a player account as a developer (it gets the verification email),
 * see who is verified or still waiting, send a fresh link, and remove the mark.
 */
export default function DevelopersPage() {
  const list = useDevelopers();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState<Developer | null>(null);
  const resend = useDeveloperChange(developersApi.mark);
  const unmark = useDeveloperChange(developersApi.unmark);
  const busy = resend.isPending || unmark.isPending;

  const sendAgain = (developer: Developer) => {
    setOutcome(null);
    resend.mutate(
      { email: developer.email },
      {
        onSuccess: (reply) => setOutcome({ ok: true, text: reply.message }),
        onError: (error) =>
          setOutcome({ ok: false, text: errorMessage(error, 'The link could not be sent.') }),
      },
    );
  };
  const confirmRemoval = () => {
    const developer = removing;
    if (!developer) return;
    setOutcome(null);
    unmark.mutate(developer.userId, {
      onSuccess: (reply) => setOutcome({ ok: true, text: `${developer.email}: ${reply.message}` }),
      onError: (error) =>
        setOutcome({ ok: false, text: errorMessage(error, 'The mark could not be removed.') }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="developers-title">
      <Typography id="developers-title" variant="h6" component="h1" sx={{ mb: 1 }}>
        Caliber Developers
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Developer accounts may sign in to developer builds of Caliber through the launcher.
      </Typography>
      <MarkDeveloperForm onOutcome={setOutcome} />
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          role={outcome.ok ? 'status' : 'alert'}
          onClose={() => setOutcome(null)}
          sx={{ mt: 2 }}
        >
          {outcome.text}
        </Alert>
      )}

      <Typography variant="subtitle1" component="h2" sx={{ mt: 4, mb: 1, fontWeight: 600 }}>
        Developer accounts
      </Typography>
      <AsyncSection
        query={list}
        what="the developer accounts"
        empty="No developer accounts yet."
        select={(data) => data.developers}
      >
        {(developers) => (
          <TableContainer>
            <Table
              size="small"
              aria-label="Developer accounts"
              sx={{ minWidth: 720, '& td': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Marked</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {developers.map((d) => (
                  <TableRow key={d.userId}>
                    <TableCell>{d.name}</TableCell>
                    <TableCell>{d.email}</TableCell>
                    <TableCell>{formatDate(d.markedAt)}</TableCell>
                    <TableCell>
                      <LinkState developer={d} />
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        {!d.verifiedAt && (
                          <Button
                            size="small"
                            disabled={busy}
                            onClick={() => sendAgain(d)}
                            aria-label={`Send new link to ${d.email}`}
                          >
                            Send new link
                          </Button>
                        )}
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => setRemoving(d)}
                          aria-label={`Remove the developer mark of ${d.email}`}
                        >
                          Remove
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </AsyncSection>

      <ConfirmDialog
        confirmation={
          removing && {
            title: 'Remove the developer mark?',
            text: `${removing.email} will no longer be able to sign in to developer builds of Caliber. Their player account stays as it is.`,
            confirm: 'Remove',
            onConfirm: confirmRemoval,
          }
        }
        onClose={() => setRemoving(null)}
        action={{ pending: unmark.isPending, pendingLabel: 'Removing…' }}
      />
    </Card>
  );
}
