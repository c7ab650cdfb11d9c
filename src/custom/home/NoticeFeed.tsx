import { Box, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_FEED_SIZE, isNewNotice, type Notice } from '../../domain/notice';
import { seoulToday } from '../../domain/seoulDay';
import { apiRequest } from '../../providers/http';
import { clock } from '../../providers/session';
import { EmptyState, HomeCard } from './HomeCard';

export const NOTICE_PATH = '/v1/common/notion';

/**
 * The notice feed of home (spec 1 sections 2.5, 7 and 9): the platform's newest 7 notices, each
 * marked new within 14 days (Seoul days). A failure is only logged (spec 1 section 7): the card says
 * there is nothing new.
 */
export function NoticeFeed() {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['home', 'notices'],
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<{ list: Notice[] }>(NOTICE_PATH, { method: 'POST', signal })).list;
      } catch (err) {
        console.warn('notices failed', err instanceof Error ? err.message : err);
        return [];
      }
    },
    retry: false,
  });
  const today = seoulToday(clock.now());
  const notices = (query.data ?? []).slice(0, NOTICE_FEED_SIZE);
  return (
    <HomeCard icon={<CampaignOutlinedIcon />} title={translate('homePanels.noticeTitle')} id="home-notices">
      {query.isPending ? (
        <EmptyState text={translate('app.common.loading')} />
      ) : notices.length === 0 ? (
        <EmptyState text={translate('homePanels.noticeEmpty')} />
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="notice-list">
          {notices.map((n) => {
            const fresh = isNewNotice(n.date, today);
            const title = (
              <Typography variant="body2" component="span" sx={{ fontWeight: fresh ? 700 : 400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
                {n.title}
              </Typography>
            );
            return (
              <Box component="li" key={n.no} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  {fresh && <Chip size="small" color="error" label={translate('homePanels.noticeNew')} sx={{ height: 20, fontSize: 11, flexShrink: 0 }} />}
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    {n.link ? (
                      <MuiLink href={n.link} target="_blank" rel="noopener noreferrer" underline="hover" color="inherit" sx={{ display: 'block', minWidth: 0 }}>
                        {title}
                      </MuiLink>
                    ) : (
                      title
                    )}
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="time" dateTime={n.date} sx={{ flexShrink: 0 }}>
                    {n.date.replaceAll('-', '.')}
                  </Typography>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
    </HomeCard>
  );
}
