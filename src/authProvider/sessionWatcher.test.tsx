import { startSessionWatcher, SESSION_CHECK_INTERVAL_MS } from './sessionWatcher';
import { browser, resetLeaving } from '../framework/browser';
import { getToken, saveSession } from '../providers/session';
import { MSG } from '../domain/messages';

describe('6-hour session watcher', () => {
  let stop = () => undefined as void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T09:00:00+09:00'));
    resetLeaving();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('alerts the exact text, clears the session and reloads to the login page after 6 hours', () => {
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    saveSession('tok');
    stop = startSessionWatcher();

    vi.advanceTimersByTime(6 * 60 * 60 * 1000 - SESSION_CHECK_INTERVAL_MS);
    expect(alert).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');

    vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('장시간 로그인되어서 로그아웃 되었습니다. 다시 로그인 해주세요');
    expect(alert).toHaveBeenCalledWith(MSG.sessionExpired);
    expect(getToken()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/auth/login');

    vi.advanceTimersByTime(10 * SESSION_CHECK_INTERVAL_MS);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('checks when the window regains focus', () => {
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    saveSession('tok');
    stop = startSessionWatcher();
    // The laptop slept: time jumped without the interval running.
    vi.setSystemTime(Date.now() + 7 * 60 * 60 * 1000);
    window.dispatchEvent(new Event('focus'));
    expect(alert).toHaveBeenCalledWith(MSG.sessionExpired);
  });
});
