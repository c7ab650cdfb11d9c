import { useMediaQuery } from '@mui/material';
import { MOBILE_BREAKPOINT } from './shellConfig';

/** True below the 500 px mobile breakpoint, where the sidebar gives way to the narrow-screen menu. */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width:${MOBILE_BREAKPOINT - 0.05}px)`, { noSsr: true });
}
