import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { opsKo } from '../i18n/ops.ko';
import { ApiRequestError } from '../providers/http';
import { opsApi, opsToken, type Operator } from './api';
import { AppLink, messageOf } from './ui';
import { AnalyticsPage, AuditLogPage, BrandPage, BrandSearchPage, CustomerPage, NoticesPage, OperatorsPage } from './pages';

/**
 * The operator console (issue 27, docs/roles.md "Operators"): its own light app at /ops/…, for the
 * platform's staff, on its own API (/api/ops) and its own session (sessionStorage, never the partner
 * token). Support browses brands read-only with personal data masked; admin also adds operators and
 * suspends brands. Every read of a brand's records is in the audit log.
 */
const T = opsKo.ops;
export const OPS_LOGIN = '/ops/login';

const theme = createTheme({
  typography: { fontFamily: '"Pretendard Variable", Pretendard, -apple-system, sans-serif' },
  palette: { primary: { main: '#1f3a8a' } },
});

/** The path of the app, kept in the address bar (history.pushState). */
function usePath(): [string, (to: string) => void] {
  const [path, setPath] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname + window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPath(to);
    window.scrollTo(0, 0);
  }, []);
  return [path, go];
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token } = await opsApi.signIn(email, password);
      opsToken.set(token);
      onSignedIn();
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.errors : undefined;
      const field = fields ? Object.keys(fields)[0] : undefined;
      setError({ field, message: field && fields ? fields[field] : messageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container component="main" maxWidth="xs" sx={{ py: 8 }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography component="h1" variant="h5" gutterBottom>{T.signIn.title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{T.signIn.help}</Typography>
        <form noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <TextField
              label={T.signIn.email} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} fullWidth
              error={error?.field === 'email'} helperText={error?.field === 'email' ? error.message : undefined}
            />
            <TextField
              label={T.signIn.password} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth
              error={error?.field === 'password'} helperText={error?.field === 'password' ? error.message : undefined}
            />
            {error && !error.field && <Alert severity="error">{error.message}</Alert>}
            <Button type="submit" variant="contained" disabled={busy}>{T.signIn.submit}</Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

function Shell({ me, go, onSignOut, children }: { me: Operator; go: (to: string) => void; onSignOut: () => void; children: ReactNode }) {
  return (
    <>
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: 1 }}>
          <Typography component="p" variant="h6" sx={{ mr: 2, fontWeight: 700 }}>{T.appTitle}</Typography>
          <Box component="nav" aria-label={T.appTitle} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', flexGrow: 1 }}>
            <AppLink to="/ops" go={go}>{T.nav.brands}</AppLink>
            <AppLink to="/ops/audit-log" go={go}>{T.nav.audit}</AppLink>
            <AppLink to="/ops/analytics" go={go}>{T.nav.analytics}</AppLink>
            <AppLink to="/ops/notices" go={go}>{T.nav.notices}</AppLink>
            {me.role === 'admin' && <AppLink to="/ops/operators" go={go}>{T.nav.operators}</AppLink>}
          </Box>
          <Typography variant="body2" sx={{ mr: 1 }}>{me.name} ({T.role[me.role]})</Typography>
          <Button size="small" variant="outlined" onClick={onSignOut}>{T.signOut}</Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>{children}</Container>
    </>
  );
}

function Route({ path, me, go }: { path: string; me: Operator; go: (to: string) => void }) {
  const [pathname, search] = path.split('?');
  const customer = /^\/ops\/brands\/(\d+)\/customers\/(\d+)$/.exec(pathname);
  if (customer) return <CustomerPage tenantIdx={Number(customer[1])} idx={Number(customer[2])} go={go} />;
  const brand = /^\/ops\/brands\/(\d+)$/.exec(pathname);
  if (brand) return <BrandPage tenantIdx={Number(brand[1])} me={me} go={go} search={search ?? ''} />;
  if (pathname === '/ops/audit-log') return <AuditLogPage go={go} search={search ?? ''} />;
  if (pathname === '/ops/operators') return <OperatorsPage me={me} />;
  if (pathname === '/ops/analytics') return <AnalyticsPage />;
  if (pathname === '/ops/notices') return <NoticesPage />;
  return <BrandSearchPage go={go} search={search ?? ''} />;
}

export function OpsApp() {
  const [path, go] = usePath();
  const [me, setMe] = useState<Operator | null | undefined>(undefined);
  const load = useCallback(async () => {
    if (!opsToken.get()) return setMe(null);
    try {
      setMe(await opsApi.me());
    } catch {
      opsToken.clear();
      setMe(null);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (me === null && !path.startsWith(OPS_LOGIN)) go(OPS_LOGIN);
    if (me && path.startsWith(OPS_LOGIN)) go('/ops');
  }, [me, path, go]);
  const signOut = async () => {
    await opsApi.signOut().catch(() => undefined);
    opsToken.clear();
    setMe(null);
  };
  useEffect(() => {
    document.title = T.appTitle;
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {me === undefined ? (
        <Box component="main" sx={{ p: 4 }}><Typography>{T.loading}</Typography></Box>
      ) : me === null ? (
        <SignIn onSignedIn={() => void load()} />
      ) : (
        <Shell me={me} go={go} onSignOut={() => void signOut()}><Route path={path} me={me} go={go} /></Shell>
      )}
    </ThemeProvider>
  );
}
