import { josa } from './josa';

/**
 * The spec's Korean texts (spec 1 sections 5 and 8, spec 2/3 error catalogues).
 * Every literal the spec fixes lives here, used by the console and by the server.
 */
export const MSG = {
  genericErrorTitle: '일시적인 오류가 발생했어요.',
  genericErrorMessage: '잠시 후 다시 시도해 주세요.',
  sessionExpired: '장시간 로그인되어서 로그아웃 되었습니다. 다시 로그인 해주세요',
  loggedOut: '로그아웃되었어요. 다시 로그인해 주세요.',
  featureBlocked: '이용할 수 없는 기능이에요. 고객센터에 문의해 주세요',
  trialFinished: '체험 기간이 종료되어 서비스 이용이 제한돼요',
  noSubscription: '보증서를 발급하려면 요금제를 구독해 주세요',
  planUpgrade: '요금제 업그레이드가 필요해요',
  planUpgradePro: 'Pro 요금제 업그레이드가 필요해요',
  guaranteeNotSetUp: '먼저 보증서를 설정해 주세요',
  membershipNotAdded: '먼저 멤버십을 추가해 주세요',
  unconfirmedAccount: '이메일 인증을 완료해 주세요',
  verificationResent: '인증 요청 이메일을 보냈어요',
  cardAlreadyRegistered: '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.',
  cardRegisterFailed: '결제 카드 등록에 실패했습니다. 다시 시도해주세요.',
  autoTopUpThreshold: '충전 조건보다 큰 금액을 선택해주세요.',
  imageUploadError: '이미지 업로드 중 오류가 발생했습니다.',
  noAnalysisData: '분석 가능한 데이터가 없어요',
  noComparisonData: '비교 가능한 데이터가 없습니다',
  unsavedChanges: '작업을 중단하고 다른 페이지로 이동할까요?',
  errorPageTitle: '일시적인 오류가 발생했어요',
  errorPageBody: '잠시 후 다시 시도해 주세요.',
  errorPageRepeat: '문제가 계속되면 로그아웃 후 다시 로그인해 주세요.',
  errorPageContact: '그래도 해결되지 않으면 고객센터로 문의해 주세요.',
  errorPageBack: '이전 화면으로',
  notFoundTitle: '페이지를 찾을 수 없어요',
  notFoundBody: '주소가 바르게 입력되었는지 확인해 주세요.',
  trialBannerDays: (days: number) => `무료 체험 기간이 ${days}일 남았어요`,
  trialBannerTomorrow: '무료 체험이 내일 종료돼요',
  subscriptionBannerDays: (days: number) => `구독 기간이 ${days}일 남았어요`,
  subscriptionBannerTomorrow: '구독이 내일 종료돼요',
  trialFinishedBanner: '무료 체험이 종료되었어요. 요금제를 구독해 주세요',
  subscriptionFinishedBanner: '구독이 종료되었어요. 요금제를 다시 구독해 주세요',
  accountLeaved: '탈퇴한 계정이에요',
  accessDenied: '접근 권한이 없어요',
  /** A write refused to a sub-account (SUB_ACCOUNT_FORBIDDEN) or to another kind of account (FORBIDDEN_ROLE), shown as a toast. */
  subAccountRefused: '권한이 없어요. 메인 계정만 할 수 있는 작업이에요',
  roleRefused: '권한이 없어요. 이 계정으로는 할 수 없는 작업이에요',
  notFound: '요청한 정보를 찾을 수 없어요',
  /** PUT /api/dev/clock (the embedded demo only). */
  devClockInvalid: '시각은 ISO 8601(예: 2026-01-31T09:00:00Z) 또는 null로 보내 주세요',
  tooManyRequests: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요',
  idempotencyKeyReused: '이 Idempotency-Key는 다른 내용의 요청에 이미 쓰였어요. 새 요청에는 새 키를 보내 주세요',
  /** 413 on a JSON body over its route's limit (an image over its limit keeps imageUploadError, the spec's text). */
  payloadTooLarge: '보내는 내용이 너무 커요. 나누어 보내 주세요',
  /** 400 on a body sent as JSON that does not parse. */
  invalidJsonBody: '보내는 내용이 올바른 JSON이 아니에요',
  /** 415 on a body of a type the route does not take. */
  unsupportedMediaType: '보내는 내용은 application/json 형식이어야 해요',
  confirmMailSubject: '[파트너 콘솔] 이메일 인증을 완료해 주세요',
  confirmMailBody: (link: string) =>
    `안녕하세요. 파트너 콘솔에 가입해 주셔서 감사합니다.\n\n아래 링크를 눌러 이메일 인증을 완료해 주세요. 링크는 24시간 동안 한 번만 사용할 수 있어요.\n\n${link}\n\n본인이 요청하지 않았다면 이 메일을 무시해 주세요.`,
  resetMailSubject: '[파트너 콘솔] 비밀번호 재설정 안내',
  resetMailBody: (link: string) =>
    `비밀번호 재설정을 요청하셨어요.\n\n아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 1시간 동안 한 번만 사용할 수 있어요.\n\n${link}\n\n본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않아요.`,
} as const;

/**
 * The standard field messages, made from a field's label and its rule (issue 22 A5), so that a limit
 * is written once, in the rule, and the particle fits the label. Declared resources get them from
 * `required: true` and a bare `max` (src/domain/resource.ts `defineResource`).
 */
export const STANDARD_MSG = {
  required: (label: string) => `${josa(label, '을/를')} 입력해 주세요`,
  choose: (label: string) => `${josa(label, '을/를')} 선택해 주세요`,
  maxLength: (label: string, max: number) => `${josa(label, '은/는')} ${max.toLocaleString('ko-KR')}자까지 입력할 수 있어요`,
};

/** Field-level validation texts shared by forms and the server. */
export const FIELD_MSG = {
  required: '필수 입력 항목이에요',
  emailRequired: '이메일을 입력해 주세요',
  emailFormat: '이메일 형식이 올바르지 않아요',
  emailDuplicate: '이미 가입된 이메일이에요',
  emailUnconfirmed: '이메일 인증이 완료되지 않은 계정이에요. 인증 메일을 확인해 주세요',
  passwordRequired: '비밀번호를 입력해 주세요',
  passwordRule: '영문, 숫자, 특수문자를 포함해 8자 이상 입력해 주세요',
  filePasswordRule: '영문, 숫자, 특수문자를 포함해 6자 이상 입력해 주세요',
  passwordConfirmRequired: '비밀번호를 한 번 더 입력해 주세요',
  passwordConfirmMismatch: '비밀번호가 일치하지 않아요',
  businessNumRequired: '사업자등록번호를 입력해 주세요',
  businessNumFormat: '사업자등록번호 10자리를 올바르게 입력해 주세요',
  businessNumDuplicate: '이미 가입된 사업자등록번호예요',
  phoneRequired: '휴대폰 번호를 입력해 주세요',
  phoneFormat: '휴대폰 번호 형식이 올바르지 않아요',
  generalPhoneFormat: '전화번호 형식이 올바르지 않아요',
  companyNameRequired: '회사명을 입력해 주세요',
  brandNameRequired: '브랜드명을 입력해 주세요',
  contactNameRequired: '담당자 이름을 입력해 주세요',
  positionRequired: '직책을 입력해 주세요',
  termsRequired: '필수 약관에 동의해 주세요',
  invalidCredentials: '이메일 또는 비밀번호가 올바르지 않아요',
  tooManyAttempts: '로그인 시도가 너무 많아요. 잠시 후 다시 시도해 주세요',
  resetTokenInvalid: '비밀번호 재설정 링크가 만료되었거나 올바르지 않아요',
  currentPasswordWrong: '현재 비밀번호가 올바르지 않아요',
  dateFormat: '날짜 형식이 올바르지 않아요 (YYYY-MM-DD)',
  maxTerms: '검색어는 쉼표로 구분해 최대 10개까지 입력할 수 있어요',
  passwordWrong: '비밀번호가 올바르지 않아요',
  brandInvalid: '선택할 수 없는 브랜드예요',
  productImageInvalid: '업로드한 이미지만 사용할 수 있어요',
  pageSizeInvalid: '한 페이지에 볼 개수는 10, 25, 50, 100, 250, 500 중에서 선택해 주세요',
  pageInvalid: '페이지 번호는 1 이상의 숫자예요',
  /** A list that takes any page size up to a limit (the sub-accounts). */
  pageSizeRange: '한 페이지에 볼 개수는 1~500 사이의 숫자예요',
  searchTypeInvalid: '검색 기준은 전체, 상품명, 상품 코드, 바코드 중 하나예요',
  categoryListInvalid: '카테고리는 1~7 중에서 선택해 주세요',
  bulkRowsRequired: '등록할 상품을 1개 이상 보내 주세요',
  bulkRowsMax: '한 번에 1,000개까지 등록할 수 있어요',
  batchKeyRequired: '요청 키(batchKey)를 보내 주세요',
  productIdxListRequired: '삭제할 상품을 선택해 주세요',
  /** A resource's bulk delete (server/http/resourceRoutes.ts) without a list of 1~500 keys. */
  idxListRequired: '삭제할 항목을 1~500개 선택해 주세요',
  pinnedInvalid: '고정 여부는 Y 또는 N이에요',
  uploadExtInvalid: '확장자는 jpg, jpeg, png, gif, webp 중 하나예요',
  uploadPathInvalid: '업로드한 파일 경로가 올바르지 않아요',
  valueInvalid: '올바른 값을 입력해 주세요',
  repeatedParameter: '한 번만 보내 주세요',
  nulCharacter: '입력할 수 없는 문자가 있어요',
  bodyTooDeep: '요청 내용이 너무 깊게 중첩되어 있어요',
} as const;
