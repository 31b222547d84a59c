import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { type ReactNode, useState } from 'react';

/** What an action came to, said in a toast for six seconds: [the toast to render, show it]. */
export function useToast(): [ReactNode, (text: string, ok?: boolean) => void] {
  const [toast, setToast] = useState<{ ok: boolean; text: string } | null>(null);
  const element = (
    <Snackbar open={toast !== null} autoHideDuration={6000} onClose={() => setToast(null)}>
      <Alert
        severity={toast?.ok === false ? 'error' : 'success'}
        onClose={() => setToast(null)}
        variant="filled"
      >
        {toast?.text}
      </Alert>
    </Snackbar>
  );
  return [element, (text, ok = true) => setToast({ ok, text })];
}
