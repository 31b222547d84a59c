import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { GAME_LABELS, type Report } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { adminPlayerPath } from '../../shell/links';

/** Who filed a report: the reporting player (a link to their page), or the game's server. */
export function ReporterName({ report }: { report: Report }) {
  const name =
    report.reporter_name ?? (report.source === 'game' ? `${GAME_LABELS[report.game]} server` : 'Unknown');
  return report.reporter ? (
    <Link component={RouterLink} to={adminPlayerPath(report.reporter)}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

/** A report's context (match id, chat excerpt) as the game sent it: text, one field a line. */
export function ReportContext({ context }: { context: Report['context'] }) {
  if (!context || Object.keys(context).length === 0) return null;
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        mt: 0.5,
        p: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: '0.75rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify(context, null, 2)}
    </Box>
  );
}
