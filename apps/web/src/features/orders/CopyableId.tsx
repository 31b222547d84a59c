import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';

/**
 * A long ID in a few characters: the first and last four. Not just the head: a txnid starts with the shop and
 * the time, so the heads of one hour's orders are all alike (decision 0027).
 */
function compactId(id: string): string {
  return id.length <= 11 ? id : `${id.slice(0, 4)}…${id.slice(-4)}`;
}

/** Copies `text`; false when the browser refuses (no clipboard outside secure origins, or no permission). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A compact ID in monospace (the whole one on hover) and a button that copies the whole one. */
export function CopyableId({
  id,
  kind,
  onCopy,
}: {
  id: string;
  /** Names the ID in the button's accessible name: "Copy order ID …". */
  kind: 'order' | 'customer';
  /** Told whether the copy worked, to say so. */
  onCopy: (copied: boolean) => void;
}) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Box component="span" title={id} sx={{ fontFamily: 'monospace', fontSize: '0.875em' }}>
        {compactId(id)}
      </Box>
      <IconButton
        size="small"
        aria-label={`Copy ${kind} ID ${id}`}
        onClick={() => void copyText(id).then(onCopy)}
        sx={{ ml: 0.25 }}
      >
        <ContentCopyIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Box>
  );
}
