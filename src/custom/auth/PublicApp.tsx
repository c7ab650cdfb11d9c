import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from './nav';
import { LoginPage } from './LoginPage';
import { AuthLayout } from './AuthLayout';
import { authKo } from '../../i18n/auth.ko';
import { PUBLIC_ROUTES } from '../../domain/publicRoutes';

/**
 * The light app of the public pages (spec 1 section 2.1) and /signedout, the route table's rows of
 * this app (src/domain/publicRoutes.ts). No react-admin, no router: the row of the pathname names the
 * page. The login page is in this chunk so it paints at once; the others load on demand. None but
 * the sign-up page (its checkboxes and terms dialog) loads MUI (issue 24).
 */
const SignUpPage = lazy(() => import('./SignUpPage').then((m) => ({ default: m.SignUpPage })));
const VerificationFailPage = lazy(() => import('./VerificationFailPage').then((m) => ({ default: m.VerificationFailPage })));
const ResetRequestPage = lazy(() => import('./ResetRequestPage').then((m) => ({ default: m.ResetRequestPage })));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const SignedOutPage = lazy(() => import('./SignedOutPage').then((m) => ({ default: m.SignedOutPage })));

type Location = { search: string };
const login = ({ search }: Location) => <LoginPage key={search} search={search} />;

/** Page key → the page; an unknown path shows the login page. */
const PAGES: Record<string, (location: Location) => ReactNode> = {
  login,
  signUp: () => <SignUpPage />,
  verificationFail: () => <VerificationFailPage />,
  resetRequest: () => <ResetRequestPage />,
  resetPassword: ({ search }) => <ResetPasswordPage search={search} />,
  signedOut: () => <SignedOutPage />,
};

function Page({ pathname, search }: { pathname: string; search: string }) {
  const page = PUBLIC_ROUTES.find((r) => r.path === pathname)?.page;
  return ((page && PAGES[page]) || login)({ search });
}

export function PublicApp() {
  const { pathname, search } = useLocation();
  return (
    <Suspense fallback={<AuthLayout title={authKo.common.loading}>{null}</AuthLayout>}>
      <Page pathname={pathname} search={search} />
    </Suspense>
  );
}
