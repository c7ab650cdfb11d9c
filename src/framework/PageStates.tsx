import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** The centred card the not-found and coming-soon pages share. */
function StateCard({ icon, title, body, action }: { icon: ReactNode; title: string; body: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ maxWidth: 480, width: '100%', p: { xs: 3, sm: 4 }, textAlign: 'center', borderRadius: 3 }}>
        <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 48 } }} aria-hidden>
          {icon}
        </Box>
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: action ? 3 : 0 }}>
          {body}
        </Typography>
        {action}
      </Paper>
    </Box>
  );
}

export function NotFound({ homePath = '/' }: { homePath?: string }) {
  const translate = useTranslate();
  return (
    <StateCard
      icon={<SearchOffIcon />}
      title={translate('app.notFound.title')}
      body={translate('app.notFound.body')}
      action={
        <Button component={Link} to={homePath} variant="contained" disableElevation>
          {translate('app.notFound.home')}
        </Button>
      }
    />
  );
}

export function PageLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status" aria-live="polite">
      <CircularProgress size={32} aria-label={translate('app.common.loading')} />
    </Box>
  );
}
