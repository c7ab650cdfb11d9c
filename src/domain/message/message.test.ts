import { describe, expect, it } from 'vitest';
import {
  adSendTime, checkKakaoContent, checkSms, checkSmsTitle, checkVariables, contentErrors, couponTitleValid, eucKrBytes, fillVariables, frameAd,
  inAdWindow, mayAdvertise, MESSAGE_MSG, parseVariables, reservePerRecipient, tempCampaignSchema, autoCampaignSchema, messageTemplateSchema,
  underFrequencyCap, consentNoticeDue, canMove, primaryKind, UNIT_PRICE, type ConsentState, autoRunSlot, birthdayMonthDays, birthdayOccurrence, purchaseOccurrence,
  purchaseCountMatches, repeatLimit, autoSendTimeInWindow, consentNoticeSince, AUTO_CLASSES,
} from './index';
import { toFieldErrors } from '../validation/fieldErrors';
import type { ValidationError } from 'yup';

describe('EUC-KR bytes and the SMS kinds', () => {
  it('counts ASCII as one byte and Hangul as two', () => {
    expect(eucKrBytes('abc')).toEqual({ bytes: 3, invalid: [] });
    expect(eucKrBytes('가나다')).toEqual({ bytes: 6, invalid: [] });
    expect(eucKrBytes('안녕 hi\n')).toEqual({ bytes: 8, invalid: [] });
  });
  it('refuses characters outside EUC-KR (emoji, Hangul outside KS X 1001) with a message naming them', () => {
    expect(eucKrBytes('hi😀똠😀').invalid).toEqual(['😀', '똠']);
    const check = checkSms('세일 😀');
    expect(check.error).toBe(MESSAGE_MSG.notEucKr('😀'));
    expect(check.error).toContain('이모지');
  });
  it('is an SMS up to 90 bytes and an LMS past it, up to 2,000', () => {
    expect(checkSms('가'.repeat(45))).toMatchObject({ kind: 'SMS', bytes: 90, limit: 90, error: null });
    expect(checkSms(`${'가'.repeat(45)}a`)).toMatchObject({ kind: 'LMS', bytes: 91, limit: 2000, error: null });
    expect(checkSms('a'.repeat(2000)).error).toBeNull();
    expect(checkSms('a'.repeat(2001)).error).toBe(MESSAGE_MSG.lmsTooLong);
  });
  it('limits the LMS title to 40 bytes', () => {
    expect(checkSmsTitle('가'.repeat(20))).toBeNull();
    expect(checkSmsTitle(`${'가'.repeat(20)}a`)).toBe(MESSAGE_MSG.smsTitleTooLong);
  });
});

describe('Brand Message and 알림톡 limits', () => {
  it('holds 1,300 characters and 99 line breaks for Brand Message, 76 for wide, 1,000 for 알림톡', () => {
    expect(checkKakaoContent('BRAND_TEXT', '가'.repeat(1300)).error).toBeNull();
    expect(checkKakaoContent('BRAND_TEXT', '가'.repeat(1301)).error).toBe(MESSAGE_MSG.brandTooLong);
    expect(checkKakaoContent('BRAND_TEXT', '\n'.repeat(99)).error).toBeNull();
    expect(checkKakaoContent('BRAND_TEXT', '\n'.repeat(100)).error).toBe(MESSAGE_MSG.lineBreaksMax);
    expect(checkKakaoContent('BRAND_WIDE', 'a'.repeat(77)).error).toBe(MESSAGE_MSG.brandWideTooLong);
    expect(checkKakaoContent('ALIMTALK', 'a'.repeat(1001)).error).toBe(MESSAGE_MSG.alimTalkTooLong);
    expect(checkKakaoContent('BRAND_TEXT', '😀'.repeat(1300)).error).toBeNull();
  });
  it('takes five buttons (four with a coupon) with names of 14 characters and http(s) links', () => {
    const b = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `버튼${i}`, url: 'https://a.test' }));
    expect(contentErrors({ messageType: 'TEXT', content: 'x', buttons: b(5) })).toEqual({});
    expect(contentErrors({ messageType: 'TEXT', content: 'x', buttons: b(6) })).toEqual({ buttons: MESSAGE_MSG.buttonsMax(5) });
    expect(contentErrors({ messageType: 'TEXT', content: 'x', buttons: b(5), couponTitle: '1000원 할인 쿠폰' })).toEqual({ buttons: MESSAGE_MSG.buttonsMax(4) });
    expect(contentErrors({ messageType: 'TEXT', content: 'x', buttons: [{ name: '가'.repeat(15), url: 'ftp://x' }] }))
      .toEqual({ 'buttons[0].name': MESSAGE_MSG.buttonNameMax, 'buttons[0].url': MESSAGE_MSG.buttonUrlInvalid });
  });
  it('accepts only the five coupon title patterns', () => {
    for (const ok of ['1000원 할인 쿠폰', '15% 할인 쿠폰', '배송비 할인 쿠폰', '아메리카노 무료 쿠폰', '사이즈 UP 쿠폰', '일곱글자쿠폰 무료 쿠폰']) expect(couponTitleValid(ok), ok).toBe(true);
    for (const bad of ['1000원 쿠폰', '101% 할인 쿠폰', '여덟글자짜리쿠폰 무료 쿠폰', '무료 쿠폰', '0원 할인 쿠폰']) expect(couponTitleValid(bad), bad).toBe(false);
  });
  it("says spec 3 §5's texts: image, content, coupon title of coupon templates", () => {
    expect(contentErrors({ messageType: 'IMAGE', content: '' })).toEqual({ imageUrl: MESSAGE_MSG.imageRequired, content: '필수 입력 항목입니다.' });
    expect(contentErrors({ messageType: 'TEXT', templateTalkClass: 'BIRTHDAY_COUPON', content: 'x' })).toEqual({ couponTitle: MESSAGE_MSG.couponTitleRequired });
  });
});

describe('personal variables', () => {
  it('knows the name code and five button-link codes', () => {
    expect(parseVariables('#{고객명}님, #{링크1} #{링크5} #{고객명}')).toEqual({ codes: ['#{고객명}', '#{링크1}', '#{링크5}'], buttonLinks: [1, 5], error: null });
  });
  it('refuses an unknown code and a malformed one', () => {
    expect(parseVariables('#{이름}님').error).toBe(MESSAGE_MSG.variableUnknown('#{이름}'));
    expect(parseVariables('#{링크6}').error).toBe(MESSAGE_MSG.variableUnknown('#{링크6}'));
    for (const bad of ['#{고객명', '#{}', '#{고객#{명}}', '#{고\n객명}']) expect(parseVariables(bad).error, bad).toBe(MESSAGE_MSG.variableMalformed);
    expect(parseVariables('# {고객명} #고객명 {고객명}').error).toBeNull();
  });
  it('needs a button for each link code, and invalidates the whole message', () => {
    expect(checkVariables(['#{링크2}'], 1)).toBe(MESSAGE_MSG.buttonVariableWithoutButton('#{링크2}'));
    expect(checkVariables(['#{링크2}'], 2)).toBeNull();
    expect(contentErrors({ messageType: 'SMS', content: '안녕 #{이름}' })).toEqual({ content: MESSAGE_MSG.variableUnknown('#{이름}') });
  });
  it('fills the name and the tracked links', () => {
    expect(fillVariables('#{고객명}님 #{링크1}', { name: '김하나', links: ['https://s.test/r/1'] })).toBe('김하나님 https://s.test/r/1');
  });
});

describe('the ad window, 08:00–20:50 Seoul', () => {
  const kst = (s: string) => new Date(`${s}+09:00`);
  it('sends inside the window and holds outside it to the next 08:00', () => {
    expect(inAdWindow(kst('2026-11-27T08:00:00'))).toBe(true);
    expect(inAdWindow(kst('2026-11-27T20:49:59'))).toBe(true);
    expect(inAdWindow(kst('2026-11-27T20:50:00'))).toBe(false);
    expect(adSendTime(kst('2026-11-27T22:00:00'))).toEqual({ at: kst('2026-11-28T08:00:00'), held: true });
    expect(adSendTime(kst('2026-11-27T06:30:00'))).toEqual({ at: kst('2026-11-27T08:00:00'), held: true });
    expect(adSendTime(kst('2026-11-27T11:00:00'))).toEqual({ at: kst('2026-11-27T11:00:00'), held: false });
  });
});

describe('the ad frame', () => {
  const sender = { name: '데모브랜드', contact: '02-123-4567', optOut: '080-000-0000' };
  it('starts with (광고) and the sender and ends with the contact and the free opt-out line', () => {
    const out = frameAd('가을 세일', sender);
    expect(out.startsWith('(광고) 데모브랜드\n가을 세일')).toBe(true);
    expect(out.endsWith('문의 02-123-4567\n무료수신거부 080-000-0000')).toBe(true);
  });
  it('cannot be doubled or removed by the text', () => {
    expect(frameAd('(광고) 가을 세일', sender).match(/\(광고\)/g)).toHaveLength(1);
  });
  it('counts toward the SMS bytes', () => {
    const content = 'a'.repeat(60);
    expect(checkSms(content).kind).toBe('SMS');
    expect(primaryKind('SMS', frameAd(content, sender))).toBe('LMS');
  });
  it('is MMS whenever a text message carries an image, priced as MMS', () => {
    expect(primaryKind('SMS', '짧은 글', 'https://x.test/a.jpg')).toBe('MMS');
    expect(primaryKind('SMS', '짧은 글', '')).toBe('SMS');
    expect(primaryKind('IMAGE', '짧은 글', 'https://x.test/a.jpg')).toBe('BRAND_IMAGE');
    expect(UNIT_PRICE.MMS).toBeGreaterThan(UNIT_PRICE.LMS);
  });
});

describe('consent at send', () => {
  const now = new Date('2026-11-27T03:00:00Z');
  const none: ConsentState = { agreeMarketing: 'N', agreeSms: 'N', agreeKakao: 'N', latestOrderedAt: null, optedOutAt: null };
  it('SMS: marketing or SMS consent, or a purchase within 6 months', () => {
    expect(mayAdvertise('SMS', none, now)).toBe(false);
    expect(mayAdvertise('SMS', { ...none, agreeSms: 'Y' }, now)).toBe(true);
    expect(mayAdvertise('SMS', { ...none, agreeMarketing: 'Y' }, now)).toBe(true);
    expect(mayAdvertise('SMS', { ...none, latestOrderedAt: new Date('2026-05-28T00:00:00Z') }, now)).toBe(true);
    expect(mayAdvertise('SMS', { ...none, latestOrderedAt: new Date('2026-05-20T00:00:00Z') }, now)).toBe(false);
  });
  it('Brand Message needs KakaoTalk consent; a purchase or SMS consent does not count', () => {
    expect(mayAdvertise('BRAND', { ...none, agreeMarketing: 'Y', agreeSms: 'Y', latestOrderedAt: now }, now)).toBe(false);
    expect(mayAdvertise('BRAND', { ...none, agreeKakao: 'Y' }, now)).toBe(true);
  });
  it('an opt-out stops every ad, and 알림톡 needs no consent', () => {
    const out = { ...none, agreeKakao: 'Y' as const, agreeSms: 'Y' as const, optedOutAt: now };
    expect(mayAdvertise('SMS', out, now)).toBe(false);
    expect(mayAdvertise('BRAND', out, now)).toBe(false);
    expect(mayAdvertise('ALIMTALK', none, now)).toBe(true);
  });
  it('caps ads per day and tells of consent every 2 years', () => {
    expect(underFrequencyCap(0)).toBe(true);
    expect(underFrequencyCap(1)).toBe(false);
    expect(underFrequencyCap(1, 2)).toBe(true);
    expect(consentNoticeDue(new Date('2024-11-27T00:00:00Z'), null, now)).toBe(true);
    expect(consentNoticeDue(new Date('2024-11-28T00:00:00Z'), null, now)).toBe(false);
    expect(consentNoticeDue(new Date('2020-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), now)).toBe(false);
  });
});

describe('campaigns', () => {
  const errorsOf = async (schema: typeof tempCampaignSchema, v: unknown) => {
    try { await schema.validate(v, { abortEarly: false }); return {}; } catch (e) { return toFieldErrors(e as ValidationError); }
  };
  const base = { basicInfo: { messageTitle: '가을 세일', messageType: 'TEXT' }, recipient: { marketing: true }, messageContent: { content: '#{고객명}님 세일해요' }, schedule: { sendType: 'TIME', sendTime: '2026-11-28 11:00' } };
  it('takes a full payload with the defaults of spec 3 §9', async () => {
    const v = await tempCampaignSchema.validate(base);
    expect(v.schedule).toMatchObject({ repeatType: 'ONCE', repeatCount: 7 });
    expect(v.smsFallback.activate).toBe(false);
  });
  it("names spec 3 §5's fields", async () => {
    expect(await errorsOf(tempCampaignSchema, { ...base, basicInfo: { messageTitle: '', messageType: 'X' } }))
      .toMatchObject({ 'basicInfo.messageTitle': '메시지명을 입력해주세요', 'basicInfo.messageType': '메시지 타입을 선택해주세요' });
    expect(await errorsOf(tempCampaignSchema, { ...base, recipient: { membershipType: 'EXIST', membershipId: 0 } }))
      .toEqual({ 'recipient.marketing': '마케팅 가능 조건을 1개 이상 선택해주세요.', 'recipient.membershipId': '프로모션 혹은 멤버십을 선택해주세요.' });
    expect(await errorsOf(autoCampaignSchema, { ...base, templateTalkClass: 'BIRTHDAY_COUPON', messageContent: { content: 'x', couponTitle: '1000원 할인 쿠폰' }, recipient: { marketing: true, day: 31, startDay: 5, endDay: 5 }, schedule: { sendTime: '11:00', repeatType: 'REPEAT', repeatCount: 4 } }))
      .toEqual({ 'recipient.day': MESSAGE_MSG.birthdayDayMax, 'recipient.startDay': MESSAGE_MSG.startBeforeEnd, 'schedule.repeatCount': MESSAGE_MSG.autoRepeatMax });
    expect(await errorsOf(tempCampaignSchema, { ...base, smsFallback: { activate: true, content: '😀' } })).toEqual({ 'smsFallback.content': MESSAGE_MSG.notEucKr('😀') });
  });
  it('a template takes the same rules', async () => {
    expect(await errorsOf(messageTemplateSchema as never, { messageTitle: '', messageType: 'IMAGE', content: '' }))
      .toEqual({ messageTitle: '메시지명을 입력해주세요', imageUrl: '이미지를 업로드해주세요', content: '필수 입력 항목입니다.' });
  });
  it('moves DRAFT → SCHEDULED → SENDING → SENT and reserves the dearer of Kakao and its fallback', () => {
    expect(canMove('DRAFT', 'SCHEDULED')).toBe(true);
    expect(canMove('SCHEDULED', 'SENDING')).toBe(true);
    expect(canMove('SENDING', 'SENT')).toBe(true);
    expect(canMove('SENT', 'SCHEDULED')).toBe(false);
    expect(reservePerRecipient('BRAND_TEXT', 'LMS')).toBe(50);
    expect(reservePerRecipient('BRAND_TEXT', null)).toBe(20);
  });
});

describe('automatic messages (spec 3 §4, §5, §9)', () => {
  const errorsOf = async (v: unknown) => {
    try { await autoCampaignSchema.validate(v, { abortEarly: false }); return {}; } catch (e) { return toFieldErrors(e as ValidationError); }
  };
  const auto = (talkClass: string, recipient: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    basicInfo: { messageTitle: '자동', messageType: 'TEXT' }, templateTalkClass: talkClass, recipient: { marketing: true, ...recipient },
    messageContent: { content: '#{고객명}님 쿠폰이 왔어요', couponTitle: '1000원 할인 쿠폰' }, schedule: { sendType: 'TIME', sendTime: '11:00' }, ...extra,
  });
  it('needs an automatic class, and each class its own condition', async () => {
    expect(AUTO_CLASSES).toEqual(['BIRTHDAY_COUPON', 'PURCHASE_COUPON', 'SATISFACTION', 'MBA', 'RFM_PRODUCT']);
    expect(await errorsOf(auto('GENERAL', {}))).toEqual({ templateTalkClass: MESSAGE_MSG.autoClassRequired });
    expect(await errorsOf(auto('BIRTHDAY_COUPON', {}))).toEqual({ 'recipient.day': MESSAGE_MSG.birthdayDayRequired });
    expect(await errorsOf(auto('BIRTHDAY_COUPON', { day: 30 }))).toEqual({});
    expect(await errorsOf(auto('BIRTHDAY_COUPON', { day: 31 }))).toEqual({ 'recipient.day': MESSAGE_MSG.birthdayDayMax });
    expect(await errorsOf(auto('BIRTHDAY_COUPON', { day: 7 }, { messageContent: { content: 'x' } }))).toEqual({ 'messageContent.couponTitle': MESSAGE_MSG.couponTitleRequired });
    expect(await errorsOf(auto('PURCHASE_COUPON', {}))).toEqual({ 'recipient.startDay': MESSAGE_MSG.startDayRequired, 'recipient.endDay': MESSAGE_MSG.endDayRequired });
    expect(await errorsOf(auto('PURCHASE_COUPON', { startDay: 7, endDay: 7 }))).toEqual({ 'recipient.startDay': MESSAGE_MSG.startBeforeEnd });
    expect(await errorsOf(auto('PURCHASE_COUPON', { startDay: 6, endDay: 7 }))).toEqual({});
  });
  it("asks mba and rfm-product for a product in both lists, each filled, with spec 3 §5's texts", async () => {
    for (const c of ['MBA', 'RFM_PRODUCT']) {
      expect(await errorsOf(auto(c, {}))).toEqual({ 'recipient.purchasedProducts': '상품을 추가해주세요.', 'recipient.unboughtProducts': '상품을 추가해주세요.' });
      expect(await errorsOf(auto(c, { purchasedProducts: ['가죽 지갑', ' '], unboughtProducts: ['가죽 벨트'] }))).toEqual({ 'recipient.purchasedProducts[1]': '필수 항목입니다.' });
      expect(await errorsOf(auto(c, { purchasedProducts: ['가죽 지갑'], unboughtProducts: ['가죽 벨트'] }))).toEqual({});
    }
  });
  it('sends a survey by 알림톡 with its link button, an ad at a time inside the window, and repeats at most 3 times', async () => {
    expect(await errorsOf(auto('SATISFACTION', { startDay: 1, endDay: 3 }))).toEqual({ 'basicInfo.messageType': MESSAGE_MSG.surveyNeedsAlimTalk });
    expect(await errorsOf(auto('SATISFACTION', { startDay: 1, endDay: 3 }, { basicInfo: { messageTitle: '설문', messageType: 'ALIM_TALK' }, messageContent: { content: 'x' } })))
      .toEqual({ 'messageContent.buttons': MESSAGE_MSG.surveyButtonRequired });
    expect(await errorsOf(auto('BIRTHDAY_COUPON', { day: 3 }, { schedule: { sendType: 'TIME', sendTime: '20:50' } }))).toEqual({ 'schedule.sendTime': MESSAGE_MSG.autoSendTimeWindow });
    expect(autoSendTimeInWindow('08:00')).toBe(true);
    expect(autoSendTimeInWindow('20:49')).toBe(true);
    expect(autoSendTimeInWindow('07:59')).toBe(false);
    expect(await errorsOf(auto('BIRTHDAY_COUPON', { day: 3 }, { schedule: { sendType: 'TIME', sendTime: '11:00', repeatType: 'REPEAT', repeatCount: 3 } }))).toEqual({});
    expect(await errorsOf(auto('BIRTHDAY_COUPON', { day: 3 }, { schedule: { sendType: 'TIME', sendTime: '11:00', repeatType: 'REPEAT', repeatCount: 4 } }))).toEqual({ 'schedule.repeatCount': MESSAGE_MSG.autoRepeatMax });
    expect(repeatLimit({ repeatType: 'ONCE', repeatCount: 7 })).toBe(1);
    expect(repeatLimit({ repeatType: 'REPEAT', repeatCount: 3 })).toBe(3);
  });
  it('runs once a Seoul day from the send time (none before it), or each hour of the ad window when IMMEDIATE', () => {
    const at = (s: string) => new Date(`${s}+09:00`);
    expect(autoRunSlot({ sendType: 'TIME', sendTime: '11:00' }, at('2026-11-24T10:59:00'), 'TEXT')).toBeNull();
    expect(autoRunSlot({ sendType: 'TIME', sendTime: '11:00' }, at('2026-11-24T11:00:00'), 'TEXT')).toEqual({ key: '2026-11-24', dueAt: at('2026-11-24T11:00:00') });
    expect(autoRunSlot({ sendType: 'TIME', sendTime: '11:00' }, at('2026-11-24T23:30:00'), 'TEXT')?.key).toBe('2026-11-24');
    expect(autoRunSlot({ sendType: 'IMMEDIATE', sendTime: '' }, at('2026-11-24T14:35:00'), 'TEXT')).toEqual({ key: '2026-11-24T14', dueAt: at('2026-11-24T14:00:00') });
    expect(autoRunSlot({ sendType: 'IMMEDIATE', sendTime: '' }, at('2026-11-24T21:00:00'), 'TEXT')).toBeNull();
    expect(autoRunSlot({ sendType: 'IMMEDIATE', sendTime: '' }, at('2026-11-24T21:00:00'), 'ALIM_TALK')?.key).toBe('2026-11-24T21');
  });
  it('sends a birthday coupon from `day` days before the birthday up to it, once a birthday year; 29 February on 28 February', () => {
    expect(birthdayOccurrence('19900301', '2026-02-22', 7)).toBe('2026');
    expect(birthdayOccurrence('19900301', '2026-03-01', 7)).toBe('2026');
    expect(birthdayOccurrence('19900301', '2026-03-02', 7)).toBeNull();
    expect(birthdayOccurrence('19900301', '2026-02-21', 7)).toBeNull();
    expect(birthdayOccurrence('19900103', '2026-12-30', 7)).toBe('2027');
    expect(birthdayOccurrence('19920229', '2026-02-28', 0)).toBe('2026');
    expect(birthdayOccurrence('19920229', '2028-02-28', 0)).toBeNull();
    expect(birthdayOccurrence(null, '2026-02-28', 7)).toBeNull();
    expect(birthdayMonthDays('2026-11-24', 30)).toHaveLength(31);
  });
  it('sends a purchase coupon startDay to endDay days after the latest purchase, so a purchase after the run goes the next day', () => {
    expect(purchaseOccurrence('2026-11-24', '2026-11-24', 0, 3)).toBe('2026-11-24');
    expect(purchaseOccurrence('2026-11-24', '2026-11-25', 0, 3)).toBe('2026-11-24');
    expect(purchaseOccurrence('2026-11-20', '2026-11-24', 0, 3)).toBeNull();
    expect(purchaseOccurrence('2026-11-24', '2026-11-24', 1, 3)).toBeNull();
    expect(purchaseCountMatches(1, 1, 'eq')).toBe(true);
    expect(purchaseCountMatches(2, 1, 'lte')).toBe(false);
    expect(purchaseCountMatches(2, 2, 'gte')).toBe(true);
    expect(purchaseCountMatches(9, null, 'lte')).toBe(true);
  });
  it('tells of consent 2 years after the later of the consent and the last notice', () => {
    const consent = new Date('2020-01-01T00:00:00Z');
    expect(consentNoticeSince(consent, null)).toBe(consent);
    expect(consentNoticeSince(consent, new Date('2024-01-01T00:00:00Z'))?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(consentNoticeSince(new Date('2025-01-01T00:00:00Z'), new Date('2024-01-01T00:00:00Z'))?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(consentNoticeSince(null, new Date('2024-01-01T00:00:00Z'))).toBeNull();
    expect(consentNoticeDue(new Date('2025-01-01T00:00:00Z'), new Date('2024-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'))).toBe(false);
  });
});
