import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A card's spinner while its figures load. */
export function CardLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
      <CircularProgress size={28} aria-label={translate('template.dashboard.loading')} />
    </Box>
  );
}
