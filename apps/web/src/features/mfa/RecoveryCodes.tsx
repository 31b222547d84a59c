import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { CopyButton } from '../../shell/CopyButton';
import { downloadText, recoveryCodesText } from './codes';

/**
 * The recovery codes, shown once right after TOTP is turned on: Copy, Download (.txt), and "I have saved
 * them" before `onSaved` (the server keeps only their hashes, so they cannot be shown again).
 */
export function RecoveryCodes({
  codes,
  onSaved,
  saving,
}: {
  codes: string[];
  onSaved: () => void;
  saving: boolean;
}) {
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesText(codes, window.location.host);
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these {codes.length} recovery codes somewhere safe now: they are shown only once. Each one signs
        you in once if you lose your authenticator app.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          py: 1.5,
          px: 2,
          listStylePosition: 'inside',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <CopyButton text={text} variant="outlined">
          Copy
        </CopyButton>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => downloadText('recovery-codes.txt', text)}
        >
          Download
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label="I have saved my recovery codes"
      />
      <Box>
        <Button variant="contained" disabled={!saved || saving} onClick={onSaved}>
          Done
        </Button>
      </Box>
    </Stack>
  );
}
