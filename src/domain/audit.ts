import * as yup from 'yup';
import { IDX_MAX } from './integers';
import { isYmd } from './seoulDay';

/**
 * The audited actions (issue 27, docs/roles.md "The audit log") and their Korean labels, shared by the
 * brand's log page, the operator console and the server's filter. A brand's actions first, then the
 * operators' (`ops.`).
 */
export const AUDIT_ACTIONS = {
  'guarantee.issue': '보증서 발급',
  'guarantee.bulkIssue': '보증서 대량 발급',
  'guarantee.edit': '보증서 수정',
  'guarantee.cancel': '보증서 발급 취소',
  'guarantee.cancelPending': '이전 중 보증서 취소',
  'guarantee.delete': '보증서 삭제',
  'guarantee.bulkComplete': '보증서 일괄 발급 완료',
  'guarantee.bulkCancel': '보증서 일괄 발급 취소',
  'guarantee.bulkDelete': '보증서 일괄 삭제',
  'membership.issue': '멤버십 발급',
  'membership.bulkIssue': '멤버십 대량 발급',
  'membership.bulkStop': '멤버십 일괄 중지',
  'membership.bulkComplete': '멤버십 일괄 발급 완료',
  'membership.bulkCancel': '멤버십 일괄 발급 취소',
  'membership.bulkDelete': '멤버십 일괄 삭제',
  'membership.edit': '멤버십 수정',
  'membership.delete': '멤버십 삭제',
  'customer.download': '고객 정보 다운로드',
  'customer.points': '고객 포인트 조정',
  'customer.points.retry': '쇼핑몰 적립금 반영 다시 보내기',
  'member.create': '하위 계정 추가',
  'member.update': '하위 계정 수정',
  'member.delete': '하위 계정 삭제',
  'subscription.create': '요금제 구독',
  'subscription.cancel': '구독 해지',
  'card.register': '결제 카드 등록',
  'card.delete': '결제 카드 삭제',
  'credit.charge': '크레딧 충전',
  'credit.refund': '크레딧 환불',
  'credit.config': '자동 충전 설정',
  'settings.brand': '브랜드 정보 변경',
  'settings.serviceTerms': '서비스 약관 담당자 변경',
  'settings.customer': '고객 설정 변경',
  'settings.lounge': '라운지 설정 변경',
  'settings.template': '보증서 설정 변경',
  'as.bulkComplete': 'A/S 일괄 완료',
  'as.bulkCancel': 'A/S 일괄 취소',
  'ops.brand.search': '브랜드 검색',
  'ops.brand.read': '브랜드 개요 조회',
  'ops.accounts.read': '계정 조회',
  'ops.subscriptions.read': '구독 조회',
  'ops.guarantees.read': '보증서 조회',
  'ops.customers.read': '고객 목록 조회',
  'ops.customer.read': '고객 상세 조회',
  'ops.customer.reveal': '개인정보 열람',
  'ops.asRequests.read': 'A/S 요청 조회',
  'ops.credit.read': '크레딧 조회',
  'ops.messages.read': '메시지 조회',
  'ops.audit.read': '감사 로그 조회',
  'ops.operators.read': '운영자 목록 조회',
  'ops.operator.create': '운영자 추가',
  'ops.brand.suspend': '브랜드 이용 정지',
  'ops.brand.unsuspend': '브랜드 정지 해제',
  'ops.notices.read': '공지 목록 조회',
  'ops.notice.create': '공지 작성',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as AuditAction[];
/** The actions a brand's own log can hold (an operator's reads of the brand are in it too). */
export const BRAND_AUDIT_ACTIONS = AUDIT_ACTION_KEYS;

export const auditActionLabel = (action: string): string => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

const DAY_MSG = '날짜는 YYYY-MM-DD 형식으로 입력해 주세요';
const day = yup.string().test('ymd', DAY_MSG, (v) => v === undefined || v === '' || isYmd(v));

/** The log's filters: action, outcome, who (partner or operator), the Seoul days from..to, paging. */
export const auditQuerySchema = yup.object({
  action: yup.string().oneOf(AUDIT_ACTION_KEYS, '알 수 없는 작업이에요'),
  outcome: yup.string().oneOf(['ok', 'refused'], 'ok 또는 refused를 선택해 주세요'),
  actorKind: yup.string().oneOf(['partner', 'operator'], 'partner 또는 operator를 선택해 주세요'),
  from: day,
  to: day,
  page: yup.number().typeError('페이지는 숫자로 입력해 주세요').integer('페이지는 정수로 입력해 주세요').min(1, '페이지는 1부터예요').max(100_000, '페이지가 너무 커요').default(1),
  pageSize: yup.number().typeError('페이지 크기를 확인해 주세요').oneOf([...AUDIT_PAGE_SIZES], '25, 50, 100 중에서 선택해 주세요').default(25),
  /** Operators only: one brand's log. */
  tenantIdx: yup.number().typeError('브랜드 번호를 확인해 주세요').integer('브랜드 번호를 확인해 주세요').min(0).max(IDX_MAX),
}).noUnknown();
export type AuditQuery = yup.InferType<typeof auditQuerySchema>;
