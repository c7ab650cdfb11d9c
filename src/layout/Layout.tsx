import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Loading, SkipNavigationButton } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PageErrorBoundary } from '../framework/PageErrorBoundary';
import { Header } from './Header';
import { MobileMenu } from './MobileMenu';
import { SideMenu } from './SideMenu';
import { Sidebar } from './Sidebar';
import { HEADER_HEIGHT, MOBILE_MENU_HEIGHT } from './shellConfig';
import { useIsNarrow } from './useIsNarrow';

/**
 * The authenticated shell (spec 1 section 2.3): our 60 px header, the collapsible sidebar and, below
 * 500 px, the bottom menu instead of the sidebar; a failure inside shows the temporary-error page
(PageErrorBoundary). It is react-admin's Layout frame (its class names
 * kept) without react-admin's preferences Inspector, which we never open and which reads
 * document.body.clientWidth on every render: a forced layout on each cold load (issue 24).
 */
export function Layout({ children }: { children: ReactNode }) {
  const isNarrow = useIsNarrow();
  const { pathname } = useLocation();
  return (
    <>
      <Box className="layout RaLayout-root" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default', position: 'relative', zIndex: 1, width: '100%', minWidth: 0 }}>
        <SkipNavigationButton />
        <Box className="RaLayout-appFrame" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, mt: `${HEADER_HEIGHT}px`, pb: isNarrow ? `${MOBILE_MENU_HEIGHT}px` : 0 }}>
          <Header />
          <Box component="main" className="RaLayout-contentWithSidebar" sx={{ display: 'flex', flexGrow: 1 }}>
            <Sidebar>
              <SideMenu />
            </Sidebar>
            {/* One wide table must not widen the page past the viewport (issue 9 B3): it scrolls in its own container. */}
            <Box id="main-content" className="RaLayout-content" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: 0, minWidth: 0, zIndex: 2, bgcolor: 'background.default', px: isNarrow ? 2 : 3, py: 2 }}>
              <PageErrorBoundary key={pathname}>
                <Suspense fallback={<Loading />}>{children}</Suspense>
              </PageErrorBoundary>
            </Box>
          </Box>
        </Box>
      </Box>
      <MobileMenu />
    </>
  );
}
