import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { PageErrorBoundary } from './PageErrorBoundary';
import { MSG } from '../domain/messages';

function Broken(): never {
  throw new Error('render failed');
}

describe('page error fallback', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the temporary-error page and goes back to the previous screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.pushState(null, '', '/b2b/home');
    window.history.pushState(null, '', '/setting/brand');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    render(
      <I18nContextProvider value={i18nProvider}>
        <PageErrorBoundary>
          <Broken />
        </PageErrorBoundary>
      </I18nContextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: MSG.errorPageTitle })).toBeInTheDocument();
    expect(screen.getByText(MSG.errorPageBody)).toBeInTheDocument();
    expect(screen.getByText(MSG.errorPageRepeat)).toBeInTheDocument();
    expect(screen.getByText(MSG.errorPageContact)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: MSG.errorPageBack }));
    expect(back).toHaveBeenCalled();
  });

  it('renders the page when nothing fails', () => {
    render(
      <I18nContextProvider value={i18nProvider}>
        <PageErrorBoundary>
          <p>ok</p>
        </PageErrorBoundary>
      </I18nContextProvider>,
    );
    expect(screen.getByText('ok')).toBeInTheDocument();
  });
});
