import type { CustomerOverview } from '../resources/customer/api';
import type { CustomerDashboardData } from './CustomerDashboard';
import type { GuaranteeDashboard, RecentGuarantee } from './ProductDashboard';

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
