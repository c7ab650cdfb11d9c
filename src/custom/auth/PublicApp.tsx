import { lazy, Suspense } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { authTheme } from './theme';
import { useLocation } from './nav';
import { LoginPage } from './LoginPage';
import { AuthLayout } from './AuthLayout';
import { authKo } from '../../i18n/auth.ko';

/**
 * The light app of the public pages (spec 1 section 2.1) and /signedout. No react-admin, no router:
 * a pathname switch. The login page is in this chunk so it paints at once; the others load on demand.
 */
const SignUpPage = lazy(() => import('./SignUpPage').then((m) => ({ default: m.SignUpPage })));
const VerificationFailPage = lazy(() => import('./VerificationFailPage').then((m) => ({ default: m.VerificationFailPage })));
const ResetRequestPage = lazy(() => import('./ResetRequestPage').then((m) => ({ default: m.ResetRequestPage })));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const SignedOutPage = lazy(() => import('./SignedOutPage').then((m) => ({ default: m.SignedOutPage })));

function Page({ pathname, search }: { pathname: string; search: string }) {
  switch (pathname) {
    case '/auth/signup':
      return <SignUpPage />;
    case '/auth/verification/fail':
      return <VerificationFailPage />;
    case '/reset/request/password':
      return <ResetRequestPage />;
    case '/reset/password':
      return <ResetPasswordPage search={search} />;
    case '/signedout':
      return <SignedOutPage />;
    default:
      return <LoginPage key={search} search={search} />;
  }
}

export function PublicApp() {
  const { pathname, search } = useLocation();
  return (
    <ThemeProvider theme={authTheme}>
      <CssBaseline />
      <Suspense fallback={<AuthLayout title={authKo.common.loading}>{null}</AuthLayout>}>
        <Page pathname={pathname} search={search} />
      </Suspense>
    </ThemeProvider>
  );
}
