import { createTheme } from '@mui/material/styles';

/** The MUI theme of the light pages that use MUI (the sign-up consents, the lounge): the console's font stack, weights 500/700, the 500 px mobile breakpoint. */
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
