import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useEffect, useState } from 'react';

const COPIED_FOR_MS = 2000;

/** Copies `text` to the clipboard and says so on the button for a moment (or that it could not). */
export function CopyButton({ text, children, ...props }: { text: string } & Omit<ButtonProps, 'onClick'>) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  // The clipboard API is missing outside secure origins: that failure is a rejection here too.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(() => setOutcome('copied'))
      .catch(() => setOutcome('failed'));

  return (
    <Button
      {...props}
      onClick={() => void copy()}
      startIcon={outcome === 'copied' ? <CheckIcon /> : <ContentCopyIcon />}
      aria-live="polite"
    >
      {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed: select the text' : children}
    </Button>
  );
}
