import { useState } from 'react';
import { Box, Button, Grid, Paper, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { AS_KIND_LABELS, type AsType } from '../domain/afterService';
import { seoulDate } from '../domain/seoulDay';
import { useAcceptInvitation, useDeclineInvitation, useInvitations, type PartnerInvitation } from '../resources/after-service/partners/api';

/**
 * The brands' invitations waiting for this partner (repairer: repair, launderer: laundry), each with
 * its accept and decline buttons; nothing at all when none waits. Accepting makes the partner the
 * brand's one of the kind (docs/api/afterService.md) and reloads the dashboard's figures; declining,
 * after a confirmation, deletes the invitation (the brand may invite again).
 */
export function PartnerInvitations({ type }: { type: AsType }) {
  const translate = useTranslate();
  const notify = useNotify();
  const invitations = useInvitations(type, true);
  const accept = useAcceptInvitation(type);
  const decline = useDeclineInvitation(type);
  const [declining, setDeclining] = useState<PartnerInvitation | null>(null);
  if (!invitations.data?.length) return null;
  const title = translate('asPartner.invitationsTitle');

  const run = async (idx: number) => {
    try {
      await accept.mutateAsync(idx);
      notify('asPartner.accepted', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const confirmDecline = async () => {
    if (!declining) return;
    try {
      await decline.mutateAsync(declining.idx);
      notify('asPartner.declined', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setDeclining(null);
    }
  };
  const busy = accept.isPending || decline.isPending;

  return (
    <Grid size={{ xs: 12 }}>
      <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {invitations.data.map((inv) => (
            <Box
              component="li"
              key={inv.idx}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {translate('asPartner.invitationFrom', { brand: inv.brandName, kind: AS_KIND_LABELS[type] })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {seoulDate(inv.createdAt)}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
                <Button
                  variant="outlined"
                  color="inherit"
                  size="small"
                  disabled={busy}
                  aria-label={translate('asPartner.declineLabel', { brand: inv.brandName })}
                  onClick={() => setDeclining(inv)}
                >
                  {translate('asPartner.decline')}
                </Button>
                <Button
                  variant="contained"
                  size="small"
                  disableElevation
                  disabled={busy}
                  aria-label={translate('asPartner.acceptLabel', { brand: inv.brandName })}
                  onClick={() => void run(inv.idx)}
                >
                  {translate('asPartner.accept')}
                </Button>
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
      <Confirm
        isOpen={declining !== null}
        loading={decline.isPending}
        title="asPartner.declineTitle"
        titleTranslateOptions={{ brand: declining?.brandName ?? '' }}
        content="asPartner.declineContent"
        confirm="asPartner.decline"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void confirmDecline()}
        onClose={() => setDeclining(null)}
      />
    </Grid>
  );
}
