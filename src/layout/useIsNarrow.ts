import { useMediaQuery } from '@mui/material';
import { NARROW_SCREEN } from './shellConfig';

/** True below the 500 px mobile breakpoint, where the sidebar gives way to the narrow-screen menu. */
export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_SCREEN, { noSsr: true });
}
