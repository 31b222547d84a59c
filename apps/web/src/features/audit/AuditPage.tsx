import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AuditEntry, auditActionLabel, auditEndpoints, auditQuerySchema } from '@portal/contract';
import { type FormEvent, Fragment, useState } from 'react';
import { generatePath, Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { downloadExport } from '../../lib/download';
import { formatTimestamp } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { PAGES } from '../../shell/pages';
import { type AuditFilter, useAuditFilters, useAuditPage } from './api';
import { detailFields } from './details';

const EMPTY = { actor: '', action: '', from: '', to: '' };

/** Target kinds by name, for a target the server gives no name for (an order names itself by its txnid). */
const TARGET_KINDS: Record<string, string> = {
  order: 'Order',
  admin: 'Staff member',
  user: 'Player',
  invitation: 'Staff invitation',
  webhook: 'Webhook',
  delivery: 'Webhook delivery',
};

/** Who acted: the name, with the email (or the label written at the time) below. */
function Actor({ entry }: { entry: AuditEntry }) {
  const name = entry.actor_name ?? entry.actor_label ?? (entry.actor_kind === 'system' ? 'System' : '—');
  const below = entry.actor_name && entry.actor_label !== entry.actor_name ? entry.actor_label : null;
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {name}
      </Box>
      {below && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {below}
        </Typography>
      )}
    </>
  );
}

/** What it was done to: a player's name links to their page; others show their name or their reference. */
function Target({ entry }: { entry: AuditEntry }) {
  if (!entry.target) return <>—</>;
  const [kind, id = ''] = entry.target.split(/:(.*)/s);
  if (kind === 'user' && entry.target_name)
    return (
      <Link component={RouterLink} to={generatePath(PAGES.player.path, { id })}>
        {entry.target_name}
      </Link>
    );
  if (entry.target_name) return <>{entry.target_name}</>;
  const what = (kind && TARGET_KINDS[kind]) ?? kind;
  return (
    <>
      {what}{' '}
      <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {id}
      </Box>
    </>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const fields = detailFields(entry.details);
  const hasDetails = fields.length > 0;
  const detailsId = `audit-details-${entry.id}`;
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(entry.created_at)}</TableCell>
        <TableCell sx={{ minWidth: 160 }}>
          <Actor entry={entry} />
        </TableCell>
        <TableCell sx={{ minWidth: 180 }}>{auditActionLabel(entry.action)}</TableCell>
        <TableCell sx={{ minWidth: 160 }}>
          <Target entry={entry} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.ip ?? '—'}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {hasDetails ? (
            <Button
              size="small"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-controls={detailsId}
              endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            >
              {open ? 'Hide details' : 'Show details'}
            </Button>
          ) : (
            '—'
          )}
        </TableCell>
      </TableRow>
      {hasDetails && open && (
        <TableRow id={detailsId}>
          <TableCell colSpan={6} sx={{ pt: 0 }}>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                typography: 'body2',
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
              }}
            >
              {fields.map((field) => (
                <Fragment key={field.key}>
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                </Fragment>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * /mlg/admin/audit: every staff action (who, what, to whom, when, from where), newest first, filtered by
 * staff member, action and day range, a page of 50 at a time. Older pages are reached with the position
 * the server gives; the positions already passed are kept for "Newer". Export to Excel downloads the
 * filter's every entry.
 */
export default function AuditPage() {
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [problem, setProblem] = useState<string | null>(null);
  // Positions of the pages shown so far: the last one is the current page's (null = the newest page).
  const [positions, setPositions] = useState<(string | null)[]>([null]);
  const after = positions.at(-1) ?? null;
  const entries = useAuditPage(filter, after);
  const filters = useAuditFilters();

  const apply = (values: typeof EMPTY) => {
    const chosen = Object.fromEntries(Object.entries(values).filter(([, v]) => v));
    const parsed = auditQuerySchema.safeParse(chosen);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the filter.');
      return;
    }
    setProblem(null);
    setFilter(parsed.data);
    setPositions([null]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
    size: 'small' as const,
  });

  const [exporting, setExporting] = useState(false);
  /** The shown filter's every entry as a spreadsheet (through a signed two-minute link). */
  async function exportTrail() {
    setExporting(true);
    try {
      await downloadExport(auditEndpoints.exportLink, { body: filter }, { auth: 'admin' });
    } catch (error) {
      setProblem(errorMessage(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  }

  const next = entries.data?.next ?? null;

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="audit-title">
      <Typography id="audit-title" variant="h6" component="h1" sx={{ mb: 1 }}>
        Audit Trail
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Every staff action in the back-office, newest first.
      </Typography>
      <Stack
        component="form"
        aria-label="Filter the audit trail"
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
        noValidate
      >
        <TextField select label="Staff member" sx={{ minWidth: 220 }} {...field('actor')}>
          <MenuItem value="">Everyone</MenuItem>
          {(filters.data?.actors ?? []).map((actor) => (
            <MenuItem key={actor.id} value={actor.id}>
              {actor.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Action" sx={{ minWidth: 200 }} {...field('action')}>
          <MenuItem value="">Every action</MenuItem>
          {(filters.data?.actions ?? []).map((action) => (
            <MenuItem key={action} value={action}>
              {auditActionLabel(action)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="From" type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('from')} />
        <TextField label="To" type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('to')} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            Filter
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              setDraft(EMPTY);
              apply(EMPTY);
            }}
          >
            Reset
          </Button>
          <Button variant="text" onClick={exportTrail} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export to Excel'}
          </Button>
        </Stack>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{entries.isFetching && <LinearProgress aria-label="Loading entries" />}</Box>
      <AsyncSection query={entries} what="the audit trail" rows={5}>
        {({ entries: rows }) => (
          <TableContainer tabIndex={0} aria-label="Audit entries, scrollable">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Staff member</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Target</TableCell>
                  <TableCell>IP</TableCell>
                  <TableCell>Details</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      No entries match this filter.
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </AsyncSection>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          Page {positions.length}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          disabled={positions.length === 1}
          onClick={() => setPositions(positions.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={!next || entries.isPlaceholderData}
          onClick={() => next && setPositions([...positions, next])}
        >
          Older
        </Button>
      </Stack>
    </Card>
  );
}
