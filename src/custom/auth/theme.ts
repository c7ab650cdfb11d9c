import { createTheme } from '@mui/material/styles';

/** A small theme for the auth pages: the console's font stack, weights 500/700, the 500 px mobile breakpoint. */
export const authTheme = createTheme({
  palette: {
    primary: { main: '#1f2937' },
    background: { default: '#f3f4f6' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "'Pretendard Variable', Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', system-ui, sans-serif",
    fontWeightMedium: 500,
    fontWeightBold: 700,
    button: { fontWeight: 700, textTransform: 'none' },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiOutlinedInput: { styleOverrides: { root: { backgroundColor: '#fff' } } },
  },
});

/** Spec 1 section 9: the mobile breakpoint is 500 px. */
export const MOBILE = '@media (max-width:500px)';
