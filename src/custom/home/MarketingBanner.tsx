import { Box, Button, Paper, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Partnership } from '../../domain/identity';
import { showsMarketingBanner } from '../../domain/home';

/** The marketing banner of home (spec 1 section 2.5): not for repairers and launderers. */
export function MarketingBanner({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  if (!showsMarketingBanner(partnership.adminType)) return null;
  return (
    <Paper
      component="aside"
      aria-labelledby="home-banner"
      elevation={0}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, bgcolor: '#1e3a8a', color: '#fff', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 240px' }}>
        <Typography id="home-banner" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {translate('homePanels.bannerTitle')}
        </Typography>
        <Typography variant="body2" sx={{ opacity: 0.9 }}>
          {translate('homePanels.bannerBody')}
        </Typography>
      </Box>
      <Button component={Link} to="/b2b/message/auto" variant="contained" disableElevation sx={{ bgcolor: '#fff', color: '#1e3a8a', '&:hover': { bgcolor: '#e0e7ff' } }}>
        {translate('homePanels.bannerAction')}
      </Button>
    </Paper>
  );
}
