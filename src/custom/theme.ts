import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Design breakpoints 0, 600, 960, 1280, 1920 and font weights 500/700 (spec 1 section 9). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#3b5bdb' },
    // MUI's orange and light blue carry white chip text at 3.1:1 and 3.9:1; these keep 4.5:1 (WCAG AA).
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    secondary: { main: '#1f2937' },
    background: { default: '#f7f8fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    ...defaultTheme.typography,
    fontFamily: '"Pretendard Variable", "Pretendard", "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", system-ui, -apple-system, sans-serif',
    fontWeightMedium: 500,
    fontWeightBold: 700,
  },
  components: {
    ...defaultTheme.components,
    // Korean wraps between words, not inside them.
    MuiCssBaseline: { styleOverrides: { body: { wordBreak: 'keep-all', overflowWrap: 'anywhere' } } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } } },
    MuiCheckbox: {
      defaultProps: {
        // A Checkbox's own aria-label lands on MUI's wrapping <span>, where it is not allowed, and
        // leaves the box itself unnamed (react-admin's row checkboxes): it names the input instead.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string; inputProps?: object }) => ({ ...ownerState.inputProps, ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}) }),
        },
      },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'small' } },
    MuiFormControl: { defaultProps: { variant: 'outlined', size: 'small' } },
  },
};
