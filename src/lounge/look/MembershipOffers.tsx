import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loungeKo } from '../../i18n/lounge.ko';
import type { LoungeMembershipOffer } from '../api';

const T = loungeKo.lounge.memberships;

/** The memberships a customer may join, each with its benefits and its 가입하기 button. */
export function MembershipOffers({ offers, onJoin }: { offers: LoungeMembershipOffer[]; onJoin: (idx: number) => void }) {
  return (
    <>
      <Typography sx={{ fontWeight: 700, mt: 2, mb: 1 }}>{T.available}</Typography>
      <Stack spacing={1.5}>
        {offers.map((m) => (
          <Paper key={m.idx} variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>{m.name}</Typography>
            {m.benefits.map((b) => <Typography key={b.title} sx={{ fontSize: 14, color: 'text.secondary' }}>· {b.title}</Typography>)}
            {m.needsApproval && <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{T.needsApproval}</Typography>}
            <Button variant="contained" fullWidth sx={{ mt: 1.5 }} onClick={() => onJoin(m.idx)} aria-label={`${m.name} ${T.join}`}>
              {T.join}
            </Button>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
