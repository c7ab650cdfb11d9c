/**
 * The public certificate (issue 4 scope 7): what a customer sees when opening the link of an issued
 * guarantee (QR, 알림톡) without logging in. Korean texts of the page and the privacy rules of what
 * it shows; the server renders it (server/modules/certificates/routes.ts).
 */

/** The public token is 24 random bytes in base64url: 32 characters, 192 bits. */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const CERTIFICATE_TEXT = {
  documentTitle: (brandName: string) => (brandName ? `${brandName} 정품 보증서` : '정품 보증서'),
  heading: '정품 보증서',
  notFoundTitle: '보증서를 찾을 수 없어요',
  notFoundBody: '받으신 주소가 맞는지 다시 확인해 주세요.',
  notIssuedTitle: '아직 발급되지 않은 보증서예요',
  notIssuedBody: '발급이 완료되면 이 주소에서 보증서를 확인할 수 있어요.',
  canceledTitle: '취소된 보증서예요',
  canceledAt: (date: string) => `${date}에 발급이 취소되었어요.`,
  canceledNoDate: '이 보증서는 발급이 취소되었어요.',
  tooManyTitle: '요청이 너무 많아요',
  tooManyBody: '잠시 후 다시 시도해 주세요.',
  errorTitle: '보증서를 불러오지 못했어요',
  errorBody: '잠시 후 다시 시도해 주세요.',
  productImageAlt: (productName: string) => `${productName} 상품 이미지`,
  linksHeading: '관련 링크',
  detailsHeading: '보증서 정보',
  /** The completed repair and laundry jobs (issue 13 item 8): each "date · kind · by whom". */
  serviceHeading: 'A/S 이력',
  footer: '이 보증서는 브랜드가 발급한 정품 보증서예요.',
  labels: {
    status: '상태',
    nftNumber: '보증서 번호',
    brandName: '브랜드',
    productName: '상품명',
    modelNumber: '모델번호',
    categoryName: '카테고리',
    ordererName: '구매자',
    orderedAt: '구매일',
    issuedAt: '발급일',
    warrantyDate: '보증 만료일',
    canceledAt: '취소일',
    material: '소재',
    size: '사이즈',
    weight: '무게',
  },
} as const;

/**
 * A name as the public page shows it: the first and last characters, the rest starred
 * (홍길동 → 홍*동, 남궁길동 → 남**동, 홍길 → 홍*, 홍 → *).
 */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from(String(name ?? '').trim());
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

