import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatWon } from '../../../domain/format';
import { seoulDateTime } from '../../../domain/seoulDay';
import type { AsEvent } from '../api';
import { AsStatusChip } from '../common';

/** What a move carried (amount, comment, reason, courier and number), as one line. */
function detailText(detail: AsEvent['detail']): string {
  if (!detail) return '';
  const parts: string[] = [];
  if (typeof detail.amount === 'number') parts.push(formatWon(detail.amount));
  for (const key of ['comment', 'reason', 'courier', 'trackingNumber']) if (typeof detail[key] === 'string' && detail[key]) parts.push(String(detail[key]));
  return parts.join(' · ');
}

/** The stage history (`events`, oldest first): the stage reached, who moved it and when, and what the move carried. */
export function Timeline({ events }: { events: AsEvent[] }) {
  const translate = useTranslate();
  if (events.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {translate('afterService.detail.noEvents')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-labelledby="as-timeline">
      {events.map((e, i) => (
        <ListItem key={`${e.createdAt}-${i}`} disableGutters sx={{ alignItems: 'flex-start', gap: 1.5, borderLeft: 2, borderColor: 'divider', pl: 1.5, ml: 0.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <AsStatusChip status={e.toStatus} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {translate('afterService.detail.eventBy', { name: e.actorName ?? '-', at: seoulDateTime(e.createdAt) })}
            </Typography>
            {detailText(e.detail) && (
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                {detailText(e.detail)}
              </Typography>
            )}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
