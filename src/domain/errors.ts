/**
 * Error codes of the partner API envelope `{ code, title?, message, errors? }`.
 * The console maps each code to the spec's toast, modal or field error.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'UNCONFIRMED_ACCOUNT',
  'TOO_MANY_REQUESTS',
  /** A body over its route's limit (413): an image over 10 MB, a JSON body over its route's size. */
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'DUPLICATE_EMAIL',
  'DUPLICATE_BUSINESS_NO',
  'FORBIDDEN_ROLE',
  'SUB_ACCOUNT_FORBIDDEN',
  'FEATURE_DISABLED',
  'SUBSCRIPTION_REQUIRED',
  'TRIAL_FINISHED',
  'PLAN_UPGRADE_REQUIRED',
  'ACCOUNT_LEAVED',
  'INVALID_TOKEN',
  /** A write that the row's current state refuses (a guarantee that can no longer be edited). */
  'CONFLICT',
  /** A status change the state machine refuses (src/domain/guarantee.ts NFT_TRANSITIONS). */
  'ILLEGAL_TRANSITION',
  /** A reservation slot with no seat left (409, docs/api/reservations.md): taken by one conditional UPDATE, never overbooked. */
  'SLOT_FULL',
  /** Memberships (src/domain/membershipIssue.ts, spec 2 section 8): one per template and customer, and the template's and its coupons' ends. */
  'MEMBERSHIP_NFT_ALREADY_EXISTS',
  'INVALID_NFT_TEMPLATE_EXPIRE_DATE',
  'INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE',
  /** Card registration: the same card is already registered (spec 1 section 8, its exact text). */
  'ALREADY_REGISTERED_BILLING',
  /** The card company or billing provider declined (400, the provider's message as is). */
  'PAYMENT_DECLINED',
  /** The billing provider failed or could not be reached (502, the generic registration text). */
  'PAYMENT_FAILED',
  /** An Idempotency-Key already used with another request body (422, as Stripe and Toss answer). */
  'IDEMPOTENCY_KEY_REUSED',
  /** A brand suspended by an operator (issue 27): every session of it is refused. */
  'BRAND_SUSPENDED',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field errors keyed like the form, so react-admin can show them on the inputs. */
export type FieldErrors = Record<string, string>;

export interface ApiErrorBody {
  code: ErrorCode;
  title?: string;
  message: string;
  errors?: FieldErrors;
}

/** How the console presents a 403 from the server. */
export type AccessDenialView = 'toast' | 'trialFinishedModal' | 'noSubscriptionModal' | 'upgradeModal' | 'home';

export function accessDenialView(code: ErrorCode): AccessDenialView | undefined {
  switch (code) {
    case 'FEATURE_DISABLED':
      return 'toast';
    case 'TRIAL_FINISHED':
      return 'trialFinishedModal';
    case 'SUBSCRIPTION_REQUIRED':
      return 'noSubscriptionModal';
    case 'PLAN_UPGRADE_REQUIRED':
      return 'upgradeModal';
    case 'FORBIDDEN_ROLE':
    case 'SUB_ACCOUNT_FORBIDDEN':
      return 'home';
    default:
      return undefined;
  }
}
