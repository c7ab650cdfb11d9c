import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../providers/http';

/** A registered card as `GET /v2/method` lists it (docs/api/payment.md). */
export interface PaymentCard {
  idx: number;
  methodType: 'CARD';
  maskedNumber: string;
  cardCompany?: string | null;
  cardType?: string | null;
  provider: string;
  createdAt: string;
}

export interface PaymentMethods {
  list: PaymentCard[];
  total: number;
  /** True when the account already has a payment e-mail: the add-card form then hides its e-mail field. */
  hasPaymentEmail: boolean;
  customerKey?: string;
}

/** `GET /api/credit/account` (docs/api/credit.md). */
export interface CreditAccount {
  accountIdx: number;
  balance: number;
  config?: { rechargeThreshold: number; rechargeAmount: number; autoRechargeActivated: boolean };
  /** The latest notice for the brand (a failed auto top-up). */
  notice?: { kind: string; message: string; createdAt: string } | null;
}

export interface TransactionGroup {
  groupKey: string;
  type: 'CHARGE' | 'AUTO_TOPUP' | 'DEBIT' | 'OPENING';
  status: string;
  startedAt: string;
  endedAt?: string | null;
  amount: number;
  /** A charge group: whether the server would refund it now (paid, within 7 days, unused). */
  refundable?: boolean;
  refundRefusal?: string | null;
  entries?: unknown[];
}

/** Shared by the balance box and the payment pages, so a charge or a top-up setting refreshes the box. */
export const CREDIT_ACCOUNT_QUERY_KEY = ['credit', 'account'] as const;
export const PAYMENT_METHODS_QUERY_KEY = ['payment', 'methods'] as const;
export const TRANSACTIONS_QUERY_KEY = ['credit', 'transactions'] as const;

export function useCreditAccount(enabled = true) {
  return useQuery({
    queryKey: CREDIT_ACCOUNT_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<CreditAccount>('/account', { base: 'credit', signal }),
    retry: false,
    enabled,
  });
}

export function usePaymentMethods(enabled = true) {
  return useQuery({
    queryKey: PAYMENT_METHODS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<PaymentMethods>('/v2/method', { base: 'payment', signal }),
    retry: false,
    enabled,
  });
}

/** `GET /transaction/group`, skipped while start or end is missing (spec 1 §7). */
export function useTransactionGroups(start: string, end: string) {
  return useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, start, end],
    queryFn: ({ signal }) =>
      apiRequest<{ list: TransactionGroup[]; total: number }>('/transaction/group', { base: 'credit', query: { start, end, sort: 'startedAt,desc' }, signal }),
    enabled: Boolean(start && end),
    retry: false,
  });
}

/** A fresh key per charge attempt: a retried request of the same attempt charges once. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
