import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { authTheme } from '../../custom/auth/theme';

/**
 * The lounge's look: its own light theme (the auth pages' one). The console's lounge preview and
 * stamp card previews draw inside it too, so their buttons and stamps take the lounge's colours,
 * not the console's (issue 23 item 7).
 */
export function LoungeTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={authTheme}>{children}</ThemeProvider>;
}
