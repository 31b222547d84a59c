import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { downloadMyData } from './api';

// The deletion dialog (its fields and the password field) loads when it is opened, not with the profile.
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'));

/** The profile's "Your data" section: a copy of everything we hold, and the account's deletion. */
export function YourDataSection() {
  const download = useMutation({ mutationFn: downloadMyData });
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="your-data-title">
      <Typography id="your-data-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Your data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Download a copy of everything we hold about you, or delete your account.
      </Typography>
      {download.isError && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errorMessage(download.error, 'We could not prepare your data. Please try again.')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => download.mutate()} disabled={download.isPending}>
          Download my data
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </Stack>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </section>
  );
}
