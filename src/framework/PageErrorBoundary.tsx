import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from './analytics';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';

/** The temporary-error page (spec 1 section 2.2): what happened, what to do, and a way back. */
export function ErrorFallback() {
  const translate = useTranslate();
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign('/');
  };
  return (
    <Box role="alert" sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ maxWidth: 480, width: '100%', p: { xs: 3, sm: 4 }, textAlign: 'center', borderRadius: 3 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {translate('app.errorPage.title')}
        </Typography>
        <Stack spacing={0.5} sx={{ mb: 3, color: 'text.secondary' }}>
          <Typography variant="body2">{translate('app.errorPage.body')}</Typography>
          <Typography variant="body2">{translate('app.errorPage.repeat')}</Typography>
          <Typography variant="body2">{translate('app.errorPage.contact')}</Typography>
        </Stack>
        <Button variant="contained" disableElevation onClick={back}>
          {translate('app.errorPage.back')}
        </Button>
      </Paper>
    </Box>
  );
}

interface State {
  error: unknown;
}

/** Catches a page's rendering failure (and a chunk that would not load) and shows ErrorFallback. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Rendering failures are only logged (spec 1 section 8).
    console.error('Page failed to render', error, info.componentStack);
    // And reported, every one (spec 1 section 9: sample rate 1; src/framework/analytics.ts).
    reportError('render', error);
  }

  render() {
    return this.state.error ? <ErrorFallback /> : this.props.children;
  }
}
