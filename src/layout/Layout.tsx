import type { ComponentType, ReactNode } from 'react';
import { Layout as RaLayout, type ErrorProps } from 'react-admin';
import { Header } from './Header';
import { MobileMenu } from './MobileMenu';
import { SideMenu } from './SideMenu';
import { Sidebar } from './Sidebar';
import { HEADER_HEIGHT, MOBILE_MENU_HEIGHT } from './shellConfig';
import { useIsNarrow } from './useIsNarrow';

export interface ShellLayoutProps {
  children: ReactNode;
  /** The error fallback page, supplied by the app (spec 1 section 2.2). */
  error?: ComponentType<ErrorProps>;
}

/**
 * The authenticated shell (spec 1 section 2.3): react-admin's Layout with our 60 px header,
 * the collapsible sidebar and, below 500 px, the bottom menu instead of the sidebar.
 */
export function Layout({ children, error }: ShellLayoutProps) {
  const isNarrow = useIsNarrow();
  return (
    <>
      <RaLayout
        appBar={Header}
        sidebar={Sidebar}
        menu={SideMenu}
        error={error}
        sx={{
          // react-admin sizes the layout to fit its content (min-width: fit-content), so one wide table
          // widened the whole page past the viewport and the header stopped short (issue 9 B3). The
          // layout is the viewport's width; wide content scrolls inside its own container.
          minWidth: 0,
          '& .RaLayout-appFrame': { mt: `${HEADER_HEIGHT}px`, pb: isNarrow ? `${MOBILE_MENU_HEIGHT}px` : 0 },
          '& .RaLayout-content': { px: isNarrow ? 2 : 3, py: 2, minWidth: 0 },
        }}
      >
        {children}
      </RaLayout>
      <MobileMenu />
    </>
  );
}
