import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AsyncSection } from '../../shell/AsyncSection';
import { useStaffAccess } from '../../shell/staff-access';
import { useSanctions } from './api';
import { useLiftDialog } from './LiftSanction';
import { Pager } from './Pager';
import { PlaceSanctionDialog, type SanctionDraft } from './PlaceSanctionDialog';
import { SanctionsTable } from './SanctionsTable';
import { useToast } from './Toast';

/**
 * The "Standing" section of a player's page in the back office: their sanctions in force and past ones
 * (GET /api/admin/sanctions?player=), "Place sanction" and Lift for a role with 'players.act'.
 */
export function PlayerStandingSection({
  player,
  erased = false,
}: {
  player: { id: string; name: string };
  /** An erased player is sanctioned no more (their past sanctions still show). */
  erased?: boolean;
}) {
  const [page, setPage] = useState(1);
  const sanctions = useSanctions({ player: player.id, page });
  const staff = useStaffAccess();
  const acts = staff.grants('players.act');
  const [draft, setDraft] = useState<SanctionDraft | null>(null);
  const [toast, say] = useToast();
  const [liftDialog, startLift] = useLiftDialog(() => say('The sanction was lifted.'));

  return (
    <Card component="section" aria-labelledby="standing-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Typography id="standing-title" variant="h6" component="h2">
            Standing
          </Typography>
          {acts && !erased && (
            <Button variant="outlined" color="error" size="small" onClick={() => setDraft({})}>
              Place sanction
            </Button>
          )}
        </Stack>
        <AsyncSection
          query={sanctions}
          what="the sanctions"
          empty="No sanctions: this player is in good standing."
          select={(list) => list.sanctions}
        >
          {(list) => {
            const active = list.filter((sanction) => sanction.status === 'active');
            const past = list.filter((sanction) => sanction.status !== 'active');
            return (
              <Stack spacing={2}>
                <Typography variant="subtitle2" component="h3">
                  In force
                </Typography>
                {active.length > 0 ? (
                  <SanctionsTable
                    sanctions={active}
                    label="Sanctions in force"
                    onLift={acts ? startLift : undefined}
                  />
                ) : (
                  <Typography color="text.secondary">None in force.</Typography>
                )}
                {past.length > 0 && (
                  <>
                    <Typography variant="subtitle2" component="h3">
                      Past
                    </Typography>
                    <SanctionsTable sanctions={past} label="Past sanctions" />
                  </>
                )}
              </Stack>
            );
          }}
        </AsyncSection>
        <Pager
          page={page}
          hasMore={sanctions.data?.has_more ?? false}
          busy={sanctions.isPlaceholderData}
          onPage={setPage}
        />
      </CardContent>
      <PlaceSanctionDialog
        player={player}
        draft={draft}
        onClose={() => setDraft(null)}
        onPlaced={() => {
          setDraft(null);
          say('The sanction was placed.');
        }}
      />
      {liftDialog}
      {toast}
    </Card>
  );
}
