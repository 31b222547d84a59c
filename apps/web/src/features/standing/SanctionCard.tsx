import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Appeal, Sanction } from '@portal/contract';
import { type ReactNode, useId } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AppealForm } from './AppealForm';
import { useAppeal } from './api';
import {
  APPEAL_STATUS_LABELS,
  categoryLabel,
  endLabel,
  SANCTION_STATUS_LABELS,
  sanctionEffect,
  sanctionTitle,
} from './labels';

const STATUS_COLORS = { active: 'error', lifted: 'success', expired: 'default' } as const;
const APPEAL_COLORS = { open: 'info', upheld: 'warning', lifted: 'success' } as const;

/** A label above its value, in a description list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Text someone wrote (a note, an appeal, an answer): its lines kept, never read as markup. */
export function Written({ children }: { children: string }) {
  return (
    <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** The player's appeal: when it was sent, its status, their words and staff's answer once decided. */
function AppealState({ appeal }: { appeal: Appeal }) {
  return (
    <Box
      component="section"
      aria-label="Your appeal"
      sx={{ borderLeft: 3, borderColor: 'divider', pl: 2, display: 'grid', gap: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Your appeal of {formatDateTime(appeal.created_at)}
        </Typography>
        <Chip size="small" label={APPEAL_STATUS_LABELS[appeal.status]} color={APPEAL_COLORS[appeal.status]} />
      </Stack>
      <Written>{appeal.message}</Written>
      {appeal.answer !== null && (
        <>
          <Typography variant="subtitle2" component="h3">
            Our answer{appeal.decided_at ? ` (${formatDateTime(appeal.decided_at)})` : ''}
          </Typography>
          <Written>{appeal.answer}</Written>
        </>
      )}
    </Box>
  );
}

/**
 * One sanction as the player reads it: what it covers, why (the category and staff's note), from when until
 * when, whether it is still in force; then the appeal, or the form to appeal while it is in force.
 */
export function SanctionCard({ sanction, token }: { sanction: Sanction; token: string }) {
  const titleId = useId();
  const appeal = useAppeal(token);
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography id={titleId} variant="h6" component="h2">
            {sanctionTitle(sanction.scope, sanction.game)}
          </Typography>
          <Chip
            label={SANCTION_STATUS_LABELS[sanction.status]}
            color={STATUS_COLORS[sanction.status]}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, fontWeight: 700 }}
          />
        </Stack>
        <Typography color="text.secondary">{sanctionEffect(sanction.scope, sanction.game)}</Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))',
          }}
        >
          <Fact label="Reason">{categoryLabel(sanction.category)}</Fact>
          <Fact label="Started">{formatDateTime(sanction.starts_at)}</Fact>
          <Fact label="Ends">{endLabel(sanction.expires_at)}</Fact>
          {sanction.lifted_at && <Fact label="Lifted">{formatDateTime(sanction.lifted_at)}</Fact>}
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3">
            Note from our team
          </Typography>
          <Written>{sanction.note}</Written>
        </Box>
        {appeal.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(appeal.error, 'Your appeal could not be sent. Please try again.')}
          </Alert>
        )}
        {appeal.isSuccess && (
          <Alert severity="success" role="status">
            {appeal.data.message}
          </Alert>
        )}
        {sanction.appeal ? (
          <AppealState appeal={sanction.appeal} />
        ) : (
          sanction.status === 'active' && <AppealForm sanctionId={sanction.id} appeal={appeal} />
        )}
      </CardContent>
    </Card>
  );
}
