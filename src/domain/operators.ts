import * as yup from 'yup';
import type { ErrorCode } from './errors';

/**
 * The platform's own staff (issue 27, docs/roles.md "Operators"). An operator is a principal of its
 * own kind, signed in through its own sign-in into its own sessions: a brand token never opens an
 * operator route and an operator token never opens a brand route (each hook looks only in its own
 * session table). Operator routes declare `config.operatorAccess` instead of `config.access`.
 */
export const OPERATOR_ROLES = ['support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface OperatorAccessRule {
  /** Roles allowed; every operator route names them. */
  roles: readonly OperatorRole[];
  /** Whether it changes state (support is read-only: such rules name admin only). */
  write?: boolean;
}

export const OPS_ACCESS = {
  /** Browsing brands' records, the audit log, one's own identity. */
  read: { roles: ['support', 'admin'] },
  /** Reveal a masked field: a read that states its reason (logged). */
  reveal: { roles: ['support', 'admin'] },
  /** Writing the platform's notices: the one write support may do (issue 27: "no write except notices"). */
  notices: { roles: ['support', 'admin'] },
  /** Adding operators, suspending brands. */
  admin: { roles: ['admin'], write: true },
} as const satisfies Record<string, OperatorAccessRule>;

/** The one operator check: null when allowed, else the 403's code. A write rule naming support is a mistake the check refuses too. */
export function checkOperatorAccess(role: OperatorRole, rule: OperatorAccessRule): ErrorCode | null {
  if (!rule.roles.includes(role)) return 'FORBIDDEN_ROLE';
  if (rule.write && role === 'support') return 'FORBIDDEN_ROLE';
  return null;
}

/** Korean texts of the operator side (server answers and console labels share them). */
export const OPS_MSG = {
  brandSuspended: '운영팀에 의해 이용이 정지된 브랜드예요. 고객센터에 문의해 주세요',
  supportReadOnly: '지원 담당자는 조회만 할 수 있어요',
  reasonRequired: '열람 사유를 입력해 주세요',
  reasonTooShort: '열람 사유를 5자 이상 입력해 주세요',
  suspendReasonRequired: '정지 사유를 입력해 주세요',
  operatorEmailTaken: '이미 등록된 운영자 이메일이에요',
  alreadySuspended: '이미 정지된 브랜드예요',
  notSuspended: '정지된 브랜드가 아니에요',
} as const;

/** The personal fields an operator sees masked unless a reason is stated. */
export const REVEALABLE_FIELDS = ['name', 'phone', 'email'] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];

/** 홍길동 → 홍*동, 김철 → 김*, a single character stays masked. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** 01012345678 → 010-****-5678: the last four digits stay, so support can match a caller. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** someone@example.com → so*****@example.com */
export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.indexOf('@');
  if (at < 1) return '*'.repeat(email.length);
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}${'*'.repeat(Math.max(1, local.length - 2))}${email.slice(at)}`;
}

/** The reason an operator gives to see a masked field, logged with the read. */
export const revealSchema = yup.object({
  field: yup.string().oneOf([...REVEALABLE_FIELDS]).required(),
  reason: yup.string().trim().required(OPS_MSG.reasonRequired).min(5, OPS_MSG.reasonTooShort).max(200),
}).noUnknown();

export const operatorSignInSchema = yup.object({
  email: yup.string().trim().email('이메일 형식이 올바르지 않아요').required('이메일을 입력해 주세요').max(200),
  password: yup.string().required('비밀번호를 입력해 주세요').max(200),
}).noUnknown();

export const newOperatorSchema = yup.object({
  email: yup.string().trim().email('이메일 형식이 올바르지 않아요').required('이메일을 입력해 주세요').max(200),
  name: yup.string().trim().required('이름을 입력해 주세요').max(50),
  role: yup.string().oneOf([...OPERATOR_ROLES], '역할을 선택해 주세요').required('역할을 선택해 주세요'),
  password: yup.string().required('비밀번호를 입력해 주세요').min(8, '비밀번호는 8자 이상이어야 해요').max(200),
}).noUnknown();

export const suspendSchema = yup.object({
  reason: yup.string().trim().required(OPS_MSG.suspendReasonRequired).max(200),
}).noUnknown();
