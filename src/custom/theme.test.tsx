import { render, screen } from '@testing-library/react';
import { Checkbox, createTheme, ThemeProvider } from '@mui/material';
import { theme } from './theme';

const themed = (node: React.ReactNode) => render(<ThemeProvider theme={createTheme(theme)}>{node}</ThemeProvider>);

describe('the console theme', () => {
  it("names a Checkbox's input by its aria-label, never MUI's wrapping span (react-admin's row checkboxes)", () => {
    const { container } = themed(<Checkbox aria-label="이 행 선택" />);
    expect(screen.getByRole('checkbox', { name: '이 행 선택' })).toBeInTheDocument();
    expect(container.querySelectorAll('span[aria-label]')).toHaveLength(0);
  });

  it("keeps a Checkbox's own inputProps, with their label", () => {
    themed(<Checkbox inputProps={{ 'aria-label': '전체 선택', title: '전체' }} />);
    expect(screen.getByRole('checkbox', { name: '전체 선택' })).toHaveAttribute('title', '전체');
  });

  it('keeps white chip text on the warning and info colours at 4.5:1 or more (WCAG AA)', () => {
    const { palette } = createTheme(theme);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const color of [palette.warning, palette.info, palette.success, palette.error, palette.primary]) {
      expect(color.contrastText).toBe('#fff');
      expect(1.05 / (luminance(color.main) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
