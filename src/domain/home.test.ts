import { BLOG_ENTRIES, agreeAnswers, blogSlidesPerView, consignmentRedirect, declineAllAnswers, needsMarketingConsent, showsMarketingBanner } from './home';
import { NOTICE_FEED_SIZE, isNewNotice, noticeSchema } from './notice';

describe('home (spec 1 sections 2.5, 4 and 9)', () => {
  it('has 6 blog entries, 2.1 slides wide, 1.5 up to 1100 px, 1.2 below the 960 breakpoint', () => {
    expect(BLOG_ENTRIES).toHaveLength(6);
    expect(blogSlidesPerView(1280)).toBe(2.1);
    expect(blogSlidesPerView(1101)).toBe(2.1);
    expect(blogSlidesPerView(1100)).toBe(1.5);
    expect(blogSlidesPerView(960)).toBe(1.5);
    expect(blogSlidesPerView(959)).toBe(1.2);
  });

  it('hides the marketing banner and the consent modal from repairers and launderers', () => {
    expect(showsMarketingBanner('b2b')).toBe(true);
    expect(showsMarketingBanner('repairer')).toBe(false);
    expect(showsMarketingBanner('launderer')).toBe(false);
    expect(needsMarketingConsent('repairer', [])).toBe(false);
    expect(needsMarketingConsent('launderer', [])).toBe(false);
  });

  it('asks for marketing consent only when neither optional consent has an answer', () => {
    expect(needsMarketingConsent('b2b', [])).toBe(true);
    expect(needsMarketingConsent('b2b', [{ service: 'SERVICE_USAGE' }])).toBe(true);
    expect(needsMarketingConsent('b2b', [{ service: 'MARKETING' }])).toBe(false);
    expect(needsMarketingConsent('b2b', [{ service: 'PROMOTION' }])).toBe(false);
  });

  it("'Agree' needs one item checked; 'Don't show again' records both as N", () => {
    expect(agreeAnswers([])).toBeNull();
    expect(agreeAnswers(['MARKETING'])).toEqual([{ service: 'PROMOTION', isAgreed: 'N' }, { service: 'MARKETING', isAgreed: 'Y' }]);
    expect(declineAllAnswers()).toEqual([{ service: 'PROMOTION', isAgreed: 'N' }, { service: 'MARKETING', isAgreed: 'N' }]);
  });

  it('sends a flagged account to /auth/profile, and nowhere once there', () => {
    expect(consignmentRedirect(true, '/b2b/home')).toBe('/auth/profile');
    expect(consignmentRedirect(true, '/auth/profile')).toBeNull();
    expect(consignmentRedirect(false, '/b2b/home')).toBeNull();
  });
});

describe('notices (spec 1 section 9)', () => {
  it('shows 7 and marks new within 14 days', () => {
    expect(NOTICE_FEED_SIZE).toBe(7);
    expect(isNewNotice('2026-11-27', '2026-11-27')).toBe(true);
    expect(isNewNotice('2026-11-14', '2026-11-27')).toBe(true);
    expect(isNewNotice('2026-11-13', '2026-11-27')).toBe(false);
    expect(isNewNotice('2026-11-28', '2026-11-27')).toBe(false);
  });

  it('validates a notice an operator writes', async () => {
    await expect(noticeSchema.validate({ title: ' 점검 안내 ', date: '2026-11-27', link: '' })).resolves.toMatchObject({ title: '점검 안내', link: '' });
    await expect(noticeSchema.validate({ title: '', date: '2026-11-27' })).rejects.toThrow('공지 제목을 입력해 주세요');
    await expect(noticeSchema.validate({ title: 'a', date: '2026-11-27', link: 'javascript:alert(1)' })).rejects.toThrow('http://');
    await expect(noticeSchema.validate({ title: 'a', date: '27-11-2026' })).rejects.toThrow('YYYY-MM-DD');
  });
});
