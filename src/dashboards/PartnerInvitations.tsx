import { Box, Button, Grid, Paper, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { AS_KIND_LABELS, type AsType } from '../domain/afterService';
import { seoulDate } from '../domain/seoulDay';
import { useAcceptInvitation, useInvitations } from '../resources/after-service/partners/api';

/**
 * The brands' invitations waiting for this partner (repairer: repair, launderer: laundry), each with
 * its accept button; nothing at all when none waits. Accepting makes the partner the brand's one of
 * the kind (docs/api/afterService.md) and reloads the dashboard's figures.
 */
export function PartnerInvitations({ type }: { type: AsType }) {
  const translate = useTranslate();
  const notify = useNotify();
  const invitations = useInvitations(type, true);
  const accept = useAcceptInvitation(type);
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

  return (
    <Grid size={{ xs: 12 }}>
      <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {invitations.data.map((inv) => (
            <Box component="li" key={inv.idx} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {translate('asPartner.invitationFrom', { brand: inv.brandName, kind: AS_KIND_LABELS[type] })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {seoulDate(inv.createdAt)}
              </Typography>
              <Button
                variant="contained"
                size="small"
                disableElevation
                disabled={accept.isPending}
                aria-label={translate('asPartner.acceptLabel', { brand: inv.brandName })}
                onClick={() => void run(inv.idx)}
              >
                {translate('asPartner.accept')}
              </Button>
            </Box>
          ))}
        </Box>
      </Paper>
    </Grid>
  );
}
