import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { loungeKo } from '../../i18n/lounge.ko';
import { fillMessage as fill } from '../../domain/josa';
import type { WalletStampCard } from '../api';
import { Section } from './Section';

const T = loungeKo.lounge.stamps;

/**
 * A stamp card as the customer sees it: its stamps out of the goal, the reward, a circle per stamp
 * and the brand's note. The console's previews and the customer detail draw this same card.
 */
export function StampCard({ card, label }: { card: WalletStampCard; label?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="stamp-card" role={label ? 'group' : undefined} aria-label={label}>
      <Typography sx={{ fontWeight: 700 }}>{fill(T.progress, { count: String(card.count), goal: String(card.goal) })}</Typography>
      {card.rewardCouponTitle && (
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{fill(T.reward, { goal: String(card.goal), coupon: card.rewardCouponTitle })}</Typography>
      )}
      <Box role="list" sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 40px)', gap: 1.25, mt: 1.5 }}>
        {Array.from({ length: card.goal }, (_, i) => (
          <Box
            key={i}
            role="listitem"
            aria-label={i < card.count ? T.stamped : T.open}
            sx={{
              width: 40, height: 40, borderRadius: '50%', border: '2px dashed',
              borderColor: i < card.count ? 'primary.main' : 'grey.300', bgcolor: i < card.count ? 'primary.main' : 'background.paper',
            }}
          />
        ))}
      </Box>
      {card.description && <Typography sx={{ fontSize: 14, mt: 1.5, whiteSpace: 'pre-wrap' }}>{card.description}</Typography>}
    </Paper>
  );
}

/** The lounge's stamp section: the customer's card, or a word when there is none yet. */
export function StampCardSection({ card }: { card: WalletStampCard | null }) {
  return (
    <Section title={T.title}>
      {card === null ? <Typography sx={{ color: 'text.secondary' }}>{T.empty}</Typography> : <StampCard card={card} />}
    </Section>
  );
}
