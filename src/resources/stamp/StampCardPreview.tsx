import { Box, Paper, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CardGiftcard from '@mui/icons-material/CardGiftcardOutlined';
import { useTranslate } from 'react-admin';
import { STAMP_GOAL_MAX } from '../../domain/stamp';

/** The card as a customer sees it: `goal` circles, `count` of them stamped, the last one the reward. */
export function StampCardPreview({ goal, count, couponTitle, description, label }: { goal: number; count: number; couponTitle: string | null; description?: string; label?: string }) {
  const translate = useTranslate();
  const slots = Number.isInteger(goal) && goal > 0 ? Math.min(goal, STAMP_GOAL_MAX) : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3, bgcolor: 'grey.50' }} aria-label={label ?? translate('stamp.preview')}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>{translate('stamp.cardSection')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {couponTitle ? translate('stamp.previewReward', { goal: slots, coupon: couponTitle }) : translate('stamp.previewNoCoupon')}
      </Typography>
      <Box role="list" sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 40px)', gap: 1.25 }}>
        {Array.from({ length: slots }, (_, i) => {
          const stamped = i < count;
          const last = i === slots - 1;
          return (
            <Box
              key={i}
              role="listitem"
              aria-label={stamped ? 'stamped' : 'empty'}
              sx={{
                width: 40, height: 40, borderRadius: '50%', display: 'grid', placeItems: 'center',
                border: '2px dashed', borderColor: stamped ? 'primary.main' : 'grey.300', bgcolor: stamped ? 'action.selected' : 'background.paper',
                color: stamped ? 'primary.main' : 'grey.400',
              }}
            >
              {stamped ? <CheckCircle fontSize="small" /> : last ? <CardGiftcard fontSize="small" /> : <Typography variant="caption">{i + 1}</Typography>}
            </Box>
          );
        })}
      </Box>
      {description ? <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{description}</Typography> : null}
    </Paper>
  );
}
