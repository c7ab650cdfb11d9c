import { describe, expect, it } from 'vitest';
import { fillMessage, josa, particle, resolveParticles, type ParticlePair } from './josa';
import { particleMistakes, SAMPLE_WORDS } from './testing/particles';
import { MSG, FIELD_MSG } from './messages';
import { LOUNGE_MSG } from './lounge';
import { LOUNGE_MSG as BRAND_LOUNGE_MSG } from './brandLounge';
import { AS_INTAKE_MSG, AS_MSG, AS_REQUEST_MSG } from './afterService';
import { COUPON_MSG } from './coupon';
import { CREDIT_MSG } from './credit';
import { CUSTOMER_MSG } from './customer';
import { EXAM_MSG } from './exam';
import { EXCEL_MSG } from './excel';
import { GUARANTEE_API_MSG, GUARANTEE_MSG, TEMPLATE_MSG, guaranteeAlimtalkText } from './guarantee';
import { GUARANTEE_SHEET_MSG } from './guaranteeSheet';
import { LIST_MSG } from './listQuery';
import { MEMBERSHIP_MSG } from './membership';
import { MEMBERSHIP_ISSUE_MSG } from './membershipIssue';
import { PAYMENT_CARD_MSG } from './paymentCard';
import { PRODUCT_MSG } from './product';
import { STAMP_MSG } from './stamp';
import { SUBSCRIPTION_MSG } from './subscription';
import { TEMPLATE_RULE_MSG } from './template';

describe('particles chosen from the word', () => {
  it.each([
    ['아메리카노 무료', '를', '가', '는', '와', '로', '예요'],
    ['골드 멤버십', '을', '이', '은', '과', '으로', '이에요'],
    ['서울', '을', '이', '은', '과', '로', '이에요'],
    ['700276', '을', '이', '은', '과', '으로', '이에요'],
    ['10', '을', '이', '은', '과', '으로', '이에요'],
    ['2', '를', '가', '는', '와', '로', '예요'],
    ['7', '을', '이', '은', '과', '로', '이에요'],
    ['1,000', '을', '이', '은', '과', '으로', '이에요'],
    ['VIP', '를', '가', '는', '와', '로', '예요'],
  ])('%s takes %s, %s, %s, %s, %s, %s', (word, eul, i, eun, wa, ro, ieyo) => {
    expect(['을/를', '이/가', '은/는', '와/과', '으로/로', '이에요/예요'].map((p) => particle(word, p as ParticlePair))).toEqual([eul, i, eun, wa, ro, ieyo]);
  });

  it('joins the word and its particle', () => {
    expect(josa('아메리카노 무료', '을/를')).toBe('아메리카노 무료를');
    expect(josa(700276, '이에요/예요')).toBe('700276이에요');
  });

  it('resolves every marker against the word before it, and fills the slots first', () => {
    expect(resolveParticles('세탁 중(으)로 바꿨어요')).toBe('세탁 중으로 바꿨어요');
    expect(resolveParticles('1차 견적(으)로 바꿨어요')).toBe('1차 견적으로 바꿨어요');
    expect(resolveParticles('완료(으)로, 서울(으)로')).toBe('완료로, 서울로');
    expect(resolveParticles('이 상품을(를), 이 쿠폰을(를)')).toBe('이 상품을, 이 쿠폰을');
    expect(resolveParticles('사과을(를) 책이(가) 나무은(는) 책과(와) 사과(이)에요')).toBe('사과를 책이 나무는 책과 사과예요');
    expect(fillMessage('%{goal}개를 모으면 %{coupon}을(를) 드려요', { goal: 10, coupon: '아메리카노 무료' })).toBe('10개를 모으면 아메리카노 무료를 드려요');
    expect(fillMessage('%{missing}을(를) 봐요')).toBe('%{missing}를 봐요');
  });

  it('finds the mistakes the issue met, so the catalogue tests would fail on them', () => {
    expect(particleMistakes('아메리카노 무료을 드려요', '아메리카노 무료')).toHaveLength(1);
    expect(particleMistakes('인증번호는 700276예요', '700276')).toHaveLength(1);
    expect(particleMistakes('세탁 중(으)로 바꿨어요', '세탁 중')).toHaveLength(1);
    expect(particleMistakes('서울으로 보냈어요', '서울')).toHaveLength(1);
    expect(particleMistakes('아메리카노 무료를 드려요', '아메리카노 무료')).toEqual([]);
  });
});

/** Every message function of the domain's catalogues (the console's, the lounge's and the server's). */
const CATALOGUES = {
  MSG, FIELD_MSG, LOUNGE_MSG, BRAND_LOUNGE_MSG, AS_MSG, AS_REQUEST_MSG, AS_INTAKE_MSG, COUPON_MSG, CREDIT_MSG, CUSTOMER_MSG, EXAM_MSG, EXCEL_MSG,
  GUARANTEE_MSG, GUARANTEE_API_MSG, TEMPLATE_MSG, GUARANTEE_SHEET_MSG, LIST_MSG, MEMBERSHIP_MSG, MEMBERSHIP_ISSUE_MSG, PAYMENT_CARD_MSG,
  PRODUCT_MSG, STAMP_MSG, SUBSCRIPTION_MSG, TEMPLATE_RULE_MSG,
} as Record<string, Record<string, unknown>>;

const messageFunctions = Object.entries(CATALOGUES).flatMap(([catalogue, messages]) =>
  Object.entries(messages).filter(([, m]) => typeof m === 'function').map(([name, m]) => [`${catalogue}.${name}`, m as (...args: unknown[]) => unknown] as const),
);

describe("the domain's messages that take a variable", () => {
  it('are found', () => {
    expect(messageFunctions.length).toBeGreaterThan(10);
  });

  it.each(SAMPLE_WORDS)('read right with %s in every variable', (word) => {
    const mistakes = messageFunctions.flatMap(([name, message]) => {
      // Each argument the word; or its number, or a list of it, where a message formats one.
      const n = Number(word.replace(/,/g, '')) || 3;
      let text: unknown;
      for (const arg of [word, n, [word]]) {
        try {
          text = message(...Array.from({ length: Math.max(message.length, 1) }, () => arg));
          break;
        } catch {
          // the next kind of argument
        }
      }
      return typeof text === 'string' ? particleMistakes(text, word).map((m) => `${name}: ${m}`) : [];
    });
    const alimtalk = guaranteeAlimtalkText({ brandName: word, ordererName: word, productName: word, nftNumber: word, certificateUrl: word });
    expect([...mistakes, ...particleMistakes(alimtalk, word)]).toEqual([]);
  });
});
