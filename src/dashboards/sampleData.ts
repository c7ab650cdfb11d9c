import type { CustomerOverview } from '../resources/customer/api';
import type { ChannelFigures } from './ChannelDashboard';
import type { CustomerDashboardData } from './CustomerDashboard';
import type { GuaranteeDashboard, RecentGuarantee } from './guaranteeDashboardApi';

/**
 * The sample figures a non-subscriber sees, dimmed under the sample notice (spec 1 sections 2.6
 * and 6), defined once and rendered through the same panels as live data. They are invented
 * examples, never read from the account.
 */

/** Seven sample days; the panels show month and day only. */
const SAMPLE_DAYS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'];
const LAST_DAYS = ['2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'];
const perDay = (days: string[], counts: number[]) => Object.fromEntries(days.map((d, i) => [d, counts[i] ?? 0]));

export const SAMPLE_GUARANTEE_DASHBOARD: GuaranteeDashboard = {
  issuedGraph: {
    totalCount: 128,
    rate: 14.3,
    averageCount: 18,
    current: perDay(SAMPLE_DAYS, [12, 18, 15, 22, 20, 24, 17]),
    last: perDay(LAST_DAYS, [10, 14, 16, 18, 15, 21, 18]),
  },
  issueStatusCount: {
    '1': { count: 24, lastCount: 30, rate: -20 },
    '3': { count: 128, lastCount: 112, rate: 14.3 },
    '9': { count: 3, lastCount: 5, rate: -40 },
  },
  totalPrice: { price: 38_400_000, lastPrice: 33_600_000, rate: 14.3 },
  issuedFrom: { counts: { product: 64, excel: 38, user: 18, api: 8 }, most: 'product', lastMost: 'excel' },
};

export const SAMPLE_RECENT_GUARANTEES: RecentGuarantee[] = [
  { idx: -1, nftNumber: 'G261107-000128', nftStatus: 3, ordererName: '김하늘', productName: '클래식 토트백', createdAt: '2026-11-07T02:10:00.000Z' },
  { idx: -2, nftNumber: 'G261107-000127', nftStatus: 1, ordererName: '이서준', productName: '미니 크로스백', createdAt: '2026-11-07T01:40:00.000Z' },
  { idx: -3, nftNumber: 'G261106-000126', nftStatus: 3, ordererName: '박지우', productName: '레더 카드지갑', createdAt: '2026-11-06T08:20:00.000Z' },
  { idx: -4, nftNumber: 'G261106-000125', nftStatus: 9, ordererName: '최민서', productName: '클래식 토트백', createdAt: '2026-11-06T05:05:00.000Z' },
  { idx: -5, nftNumber: 'G261105-000124', nftStatus: 3, ordererName: '정도윤', productName: '숄더백', createdAt: '2026-11-05T03:30:00.000Z' },
];

const SAMPLE_NAMES = ['김하늘', '이서준', '박지우', '최민서', '정도윤', '강예린', '윤시우', '장하은'];

export const SAMPLE_CUSTOMER_DASHBOARD: CustomerDashboardData = {
  distribution: {
    salesAmount: { '10만원 미만': 420, '10만~50만원': 310, '50만~100만원': 120, '100만원 이상': 45 },
    count: { '1회': 510, '2~4회': 280, '5회 이상': 105 },
    price: { '5만원 미만': 260, '5만~10만원': 390, '10만원 이상': 245 },
  },
  topList: SAMPLE_NAMES.map((userName, i) => ({
    userIdx: -(i + 1),
    userName,
    totalPayAmount: 4_800_000 - i * 450_000,
    lastOrderedAt: `2026-11-0${(i % 7) + 1}`,
    couponRemainCount: i % 3,
  })),
};

/** The home's customer figures (spec 1 "Customer metrics"). */
export const SAMPLE_CUSTOMER_OVERVIEW: CustomerOverview = {
  totalCustomers: 895,
  totalSignUps: 612,
  signUpRate: 68.38,
  totalMarketableCustomers: 540,
  lastWeek: { totalCustomers: 862, totalSignUps: 590, signUpRate: 68.45, totalMarketableCustomers: 521 },
  updating: false,
  updatedAt: null,
};

/** The home's to-do counts (spec 1 "To-do counts", guarantee part). */
export const SAMPLE_GUARANTEE_TODO = { today: 12, monthly: 86 };

/** The channel dashboard (spec 1 "Waiting statistics", "Event statistics"). */
export const SAMPLE_CHANNEL_FIGURES: ChannelFigures = {
  accumulation: { visitor: 3_482, agreeMarketing: 1_926, revisit: 742 },
  today: { waiting: 14, enter: 58, cancel: 3 },
  event: { name: '가을 시즌 팝업', request: 1_204, enter: 1_088, agreeMarketing: 716, revisit: 231 },
  entryTrend: { '11-01': 142, '11-02': 188, '11-03': 96, '11-04': 104, '11-05': 121, '11-06': 163, '11-07': 210 },
  hourly: { '11시': 18, '12시': 42, '13시': 57, '14시': 39, '15시': 44, '16시': 51, '17시': 62, '18시': 35 },
  revisitTrend: { '11-01': 21, '11-02': 34, '11-03': 12, '11-04': 15, '11-05': 19, '11-06': 27, '11-07': 38 },
  revisitInfo: [
    { idx: -1, name: '가을 시즌 팝업', count: 1_088, revisitCount: 231, startAt: '2026-10-20', endAt: '2026-11-10' },
    { idx: -2, name: '여름 한정 판매', count: 864, revisitCount: 188, startAt: '2026-07-01', endAt: '2026-07-31' },
    { idx: -3, name: '봄 신상품 공개', count: 702, revisitCount: 143, startAt: '2026-04-05', endAt: '2026-04-20' },
    { idx: -4, name: '브랜드 데이', count: 455, revisitCount: 97, startAt: '2026-03-01', endAt: '2026-03-03' },
    { idx: -5, name: '겨울 재고 정리', count: 373, revisitCount: 83, startAt: '2026-01-10', endAt: '2026-01-25' },
  ],
};
