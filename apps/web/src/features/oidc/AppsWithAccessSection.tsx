import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OidcGrant } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { type Confirmation, ConfirmDialog } from '../../shell/ConfirmDialog';
import { useGrants, useRemoveGrant } from './api';
import { scopeWords } from './scopes';

/**
 * "Apps with access" on the player's Security page: each app the player allowed to sign them in, what it may
 * read, when it was first and last used; Remove (after a confirmation) ends its access and its tokens.
 */
export function AppsWithAccessSection() {
  const grants = useGrants();
  const remove = useRemoveGrant();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const askRemove = (grant: OidcGrant) =>
    setConfirmation({
      title: `Remove ${grant.name}?`,
      text: `${grant.name} will no longer be able to sign you in or read your account; it has to ask again.`,
      confirm: 'Remove',
      onConfirm: () => {
        setNotice(null);
        remove.mutate(grant.id, { onSuccess: (reply) => setNotice(reply.message) });
      },
    });

  return (
    <Card component="section" aria-labelledby="apps-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="apps-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          Apps with access
        </Typography>
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {remove.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(remove.error, 'The app could not be removed. Please try again.')}
          </Alert>
        )}
        <AsyncSection
          query={grants}
          what="your apps"
          empty="No apps can sign you in."
          select={(data) => data.grants}
        >
          {(apps) => (
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {apps.map((grant) => (
                <Stack
                  component="li"
                  key={grant.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <Stack spacing={0.25}>
                    <Typography sx={{ fontWeight: 600 }}>{grant.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {grant.scopes.map(scopeWords).join(' · ')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      First used {formatDateTime(grant.first_used_at)} · Last used{' '}
                      {formatDateTime(grant.last_used_at, 'never')}
                    </Typography>
                  </Stack>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={remove.isPending}
                    onClick={() => askRemove(grant)}
                    aria-label={`Remove ${grant.name}`}
                  >
                    Remove
                  </Button>
                </Stack>
              ))}
            </Stack>
          )}
        </AsyncSection>
      </CardContent>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Card>
  );
}
