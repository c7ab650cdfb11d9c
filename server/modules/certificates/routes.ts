import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, nftTemplates, nfts } from '../../db/schema';
import { NFT_STATUS, NFT_STATUS_LABELS, customerFacingStatus, type NftStatus } from '../../../src/domain/guarantee';
import { PRODUCT_CATEGORIES, type ProductCategoryCode } from '../../../src/domain/product';
import { CERTIFICATE_TEXT, PUBLIC_TOKEN_PATTERN, maskName } from '../../../src/domain/certificate';
import { seoulDate } from '../../../src/domain/seoulDay';
import { ApiError, notFound } from '../../http/errors';
import { perIp } from '../../http/rateLimit';
import { docs, obj, str, bool, ok, errorEnvelope } from '../../http/docs';
import { STORAGE_KEY, mediaUrl } from '../../providers/storage';
import { CERTIFICATE_PAGE, PUBLIC_CERTIFICATE } from '../paths';
import { AS_KIND_LABELS } from '../../../src/domain/afterService';
import { serviceHistoryOf, type ServiceRecord } from '../afterService/serviceHistory';

/**
 * The public certificate (no login): JSON under the main API base and a server-rendered page at
 * the site root, both keyed by the certificate's unguessable public token (24 random bytes). Only
 * issued (발급) and cancelled (발급 취소) certificates show their details; one not yet issued says so
 * and nothing more; deleted ones and unknown tokens are not found. Both are limited per client IP.
 */

/** Look-ups per client IP per minute, per route: plenty for a customer, useless for guessing 192-bit tokens. */
export const CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE = 60;

export interface CertificateView {
  issued: true;
  nftNumber: string;
  status: number;
  statusLabel: string;
  customerFacingStatus: '발급' | '발급 취소';
  canceled: boolean;
  canceledAt: string | null;
  brandName: string | null;
  productName: string;
  modelNumber: string | null;
  categoryName: string | null;
  productImageUrl: string | null;
  orderedAt: string | null;
  issuedAt: string | null;
  warrantyDate: string | null;
  ordererNameMasked: string;
  template: {
    nftCardName: string | null;
    backgroundUrl: string | null;
    customLinks: { name: string; url: string }[];
    customFields: { name: string; value: string }[];
  };
  customContents: { title: string; contents: string }[];
  material: string | null;
  size: string | null;
  weight: string | null;
  /** The completed repairs and laundry of the certificate, oldest first. */
  serviceHistory: ServiceRecord[];
}
type Lookup = { kind: 'notFound' } | { kind: 'notIssued' } | { kind: 'issued'; view: CertificateView };

const isHttpUrl = (value: string) => /^https?:\/\/[^\s"'<>]+$/i.test(value);

/** A stored image: an upload of the tenant (storage key) or an external http(s) URL from a bulk issue. */
function imageUrl(value: string | null): string | null {
  if (!value) return null;
  if (STORAGE_KEY.test(value)) return mediaUrl(value);
  return isHttpUrl(value) ? value : null;
}

function fieldText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
  return text && text.trim() ? text.trim() : null;
}

export async function lookupCertificate(db: Db, token: string): Promise<Lookup> {
  if (!PUBLIC_TOKEN_PATTERN.test(token)) return { kind: 'notFound' };
  const [nft] = await db.select().from(nfts).where(and(eq(nfts.publicToken, token), isNull(nfts.deletedAt))).limit(1);
  if (!nft) return { kind: 'notFound' };
  const facing = customerFacingStatus(nft.nftStatus);
  if (!facing) return { kind: 'notIssued' };

  const templateWhere = nft.nftTemplateIdx
    ? and(eq(nftTemplates.tenantIdx, nft.tenantIdx), eq(nftTemplates.idx, nft.nftTemplateIdx))
    : and(eq(nftTemplates.tenantIdx, nft.tenantIdx), eq(nftTemplates.templateType, nft.nftType), eq(nftTemplates.isMain, true));
  const [[template], [brand], serviceHistory] = await Promise.all([
    db.select().from(nftTemplates).where(templateWhere).limit(1),
    db.select({ name: brands.name }).from(brands)
      .where(nft.brandIdx ? and(eq(brands.tenantIdx, nft.tenantIdx), eq(brands.idx, nft.brandIdx)) : eq(brands.tenantIdx, nft.tenantIdx))
      .orderBy(asc(brands.idx)).limit(1),
    serviceHistoryOf(db, nft.tenantIdx, nft.idx),
  ]);
  const custom = nft.customField ?? {};
  const view: CertificateView = {
    issued: true,
    nftNumber: nft.nftNumber,
    status: nft.nftStatus,
    statusLabel: NFT_STATUS_LABELS[nft.nftStatus as NftStatus] ?? '',
    customerFacingStatus: facing,
    canceled: nft.nftStatus === NFT_STATUS.cancel,
    canceledAt: nft.nftStatus === NFT_STATUS.cancel && nft.canceledAt ? nft.canceledAt.toISOString() : null,
    brandName: brand?.name ?? null,
    productName: nft.productName,
    modelNumber: nft.modelNumber,
    categoryName: nft.categoryName ?? (nft.categoryCode ? (PRODUCT_CATEGORIES[nft.categoryCode as ProductCategoryCode] ?? null) : null),
    productImageUrl: template?.useNftProdImage === 'N' ? null : imageUrl(nft.productImage),
    orderedAt: nft.orderedAt,
    issuedAt: nft.issuedAt ? nft.issuedAt.toISOString() : null,
    warrantyDate: nft.warrantyDate,
    ordererNameMasked: maskName(nft.ordererName),
    template: {
      nftCardName: template?.nftCardName ?? null,
      backgroundUrl: template?.backgroundImg && STORAGE_KEY.test(template.backgroundImg) ? mediaUrl(template.backgroundImg) : null,
      customLinks: (template?.nftCustomLinks ?? []).filter((l) => isHttpUrl(l.url)).map((l) => ({ name: l.name, url: l.url })),
      customFields: (template?.nftCustomFields ?? []).flatMap((f) => {
        const value = fieldText(custom[f.name]) ?? fieldText(f.value);
        return value ? [{ name: f.name, value }] : [];
      }),
    },
    customContents: (template?.nftCustomContents ?? []).filter((c) => c.contents.trim() !== '').map((c) => ({ title: c.title, contents: c.contents })),
    material: nft.material,
    size: nft.size,
    weight: nft.weight,
    serviceHistory,
  };
  return { kind: 'issued', view };
}

// ---------------------------------------------------------------------------------------------
// The page

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML content and quoted attribute values. */
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f5f7;color:#1b1d21;font-family:-apple-system,BlinkMacSystemFont,"Apple SD Gothic Neo","Malgun Gothic","Noto Sans KR",sans-serif;font-size:16px;line-height:1.6;word-break:keep-all;overflow-wrap:anywhere}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:8px 0 16px}
h2{font-size:17px;margin:0 0 8px}
h3{font-size:15px;margin:0 0 4px}
.card{position:relative;border-radius:16px;padding:20px;min-height:200px;color:#fff;background:#2b2f36 center/cover no-repeat;display:flex;flex-direction:column;justify-content:flex-end;overflow:hidden}
.card::before{content:"";position:absolute;inset:0;background:linear-gradient(180deg,rgba(0,0,0,.05),rgba(0,0,0,.55))}
.card>*{position:relative}
.card .brand{font-size:14px;opacity:.9}
.card .name{font-size:22px;font-weight:700;margin:4px 0}
.card .product{font-size:15px}
.badge{display:inline-block;align-self:flex-start;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:700;background:#1f8a4c;color:#fff;margin-bottom:8px}
.badge.canceled{background:#c62828}
.notice{border-radius:12px;padding:16px;margin:0 0 16px;background:#fdecea;color:#8e1c1c;border:1px solid #f5c2c0}
.notice strong{display:block;font-size:18px}
section.box{background:#fff;border-radius:12px;padding:16px;margin-top:16px}
.photo{display:block;width:100%;max-height:360px;object-fit:contain;background:#fff;border-radius:12px;margin-top:16px}
dl{margin:0;display:grid;grid-template-columns:minmax(84px,30%) minmax(0,1fr);gap:8px 12px}
dt{color:#6b7280}
dd{margin:0;font-weight:600}
.pre{white-space:pre-line;margin:0}
.content+.content{margin-top:12px;padding-top:12px;border-top:1px solid #eceef1}
ul{margin:0;padding:0;list-style:none}
li+li{margin-top:8px}
a{color:#1a56db;text-decoration:none;display:block;padding:10px 12px;border:1px solid #dbe2ef;border-radius:10px}
footer{color:#6b7280;font-size:13px;text-align:center;margin:24px 0 8px}
.message{background:#fff;border-radius:12px;padding:24px;margin-top:24px;text-align:center}
`;

function htmlDocument(title: string, body: string): string {
  return '<!doctype html>\n<html lang="ko"><head><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1">'
    + '<meta name="robots" content="noindex, nofollow">'
    + `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`
    + `<body><main>${body}</main></body></html>`;
}

function messagePage(title: string, body: string): string {
  return htmlDocument(title, `<div class="message"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></div>`);
}

const row = (label: string, value: string | null | undefined) => (value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : '');

export function renderCertificate(v: CertificateView): string {
  const L = CERTIFICATE_TEXT.labels;
  const canceledDay = seoulDate(v.canceledAt);
  const notice = v.canceled
    ? `<div class="notice" role="alert"><strong>${escapeHtml(CERTIFICATE_TEXT.canceledTitle)}</strong>${escapeHtml(canceledDay ? CERTIFICATE_TEXT.canceledAt(canceledDay) : CERTIFICATE_TEXT.canceledNoDate)}</div>`
    : '';
  const background = v.template.backgroundUrl ? ` style="background-image:url('${escapeHtml(v.template.backgroundUrl)}')"` : '';
  const card = `<section class="card"${background}>`
    + `<span class="badge${v.canceled ? ' canceled' : ''}">${escapeHtml(v.customerFacingStatus)}</span>`
    + (v.brandName ? `<div class="brand">${escapeHtml(v.brandName)}</div>` : '')
    + `<div class="name">${escapeHtml(v.template.nftCardName ?? CERTIFICATE_TEXT.heading)}</div>`
    + `<div class="product">${escapeHtml(v.productName)}</div></section>`;
  const photo = v.productImageUrl
    ? `<img class="photo" src="${escapeHtml(v.productImageUrl)}" alt="${escapeHtml(CERTIFICATE_TEXT.productImageAlt(v.productName))}">`
    : '';
  const details = '<section class="box"><h2>' + escapeHtml(CERTIFICATE_TEXT.detailsHeading) + '</h2><dl>'
    + row(L.status, v.customerFacingStatus)
    + row(L.canceledAt, canceledDay)
    + row(L.nftNumber, v.nftNumber)
    + row(L.brandName, v.brandName)
    + row(L.productName, v.productName)
    + row(L.modelNumber, v.modelNumber)
    + row(L.categoryName, v.categoryName)
    + row(L.ordererName, v.ordererNameMasked)
    + row(L.orderedAt, v.orderedAt)
    + row(L.issuedAt, seoulDate(v.issuedAt))
    + row(L.warrantyDate, v.warrantyDate)
    + row(L.material, v.material)
    + row(L.size, v.size)
    + row(L.weight, v.weight)
    + v.template.customFields.map((f) => row(f.name, f.value)).join('')
    + '</dl></section>';
  const contents = v.customContents.length
    ? '<section class="box">' + v.customContents.map((c) => `<div class="content"><h3>${escapeHtml(c.title)}</h3><p class="pre">${escapeHtml(c.contents)}</p></div>`).join('') + '</section>'
    : '';
  const links = v.template.customLinks.length
    ? `<section class="box"><h2>${escapeHtml(CERTIFICATE_TEXT.linksHeading)}</h2><ul>`
      + v.template.customLinks.map((l) => `<li><a href="${escapeHtml(l.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(l.name)}</a></li>`).join('')
      + '</ul></section>'
    : '';
  // Each completed job: its Seoul day, its kind and who did it (the partner, else the brand).
  const services = v.serviceHistory.length
    ? `<section class="box"><h2>${escapeHtml(CERTIFICATE_TEXT.serviceHeading)}</h2><ul class="services">`
      + v.serviceHistory.map((s) => `<li>${escapeHtml([seoulDate(s.completedAt), AS_KIND_LABELS[s.type], s.partnerName ?? v.brandName].filter(Boolean).join(' · '))}</li>`).join('')
      + '</ul></section>'
    : '';
  return htmlDocument(
    CERTIFICATE_TEXT.documentTitle(v.brandName ?? ''),
    `<h1>${escapeHtml(CERTIFICATE_TEXT.heading)}</h1>${notice}${card}${photo}${details}${services}${contents}${links}<footer>${escapeHtml(CERTIFICATE_TEXT.footer)}</footer>`,
  );
}

/** No script runs on the page; images may come from the media base or a bulk issue's http(s) URL. */
const PAGE_CSP = "default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', PAGE_CSP).send(html);
}

// ---------------------------------------------------------------------------------------------
// Routes

const tokenParam = obj('경로', { token: str('보증서 공개 토큰 (32자, base64url)') });
const certificateDoc = obj('공개 보증서', {
  issued: bool('발급 또는 발급 취소된 보증서면 true; 아직 발급 전이면 false이고 message만 있음'),
  nftNumber: str('보증서 번호'), status: { type: 'integer', description: 'nftStatus (3, 4, 5, 9)' }, statusLabel: str('상태 이름'),
  customerFacingStatus: str('발급 | 발급 취소'), canceled: bool('발급 취소 여부'), canceledAt: { type: ['string', 'null'], description: '취소 시각 ISO' },
  brandName: str('브랜드'), productName: str('상품명'), modelNumber: str('모델 번호'), categoryName: str('카테고리'),
  productImageUrl: { type: ['string', 'null'], description: '상품 이미지 URL (템플릿이 상품 이미지를 끄면 null)' },
  orderedAt: str('구매일 YYYY-MM-DD'), issuedAt: str('발급 시각 ISO'), warrantyDate: str('보증 만료일 YYYY-MM-DD'),
  ordererNameMasked: str('구매자 이름 (가운데 글자 가림: 홍*동)'),
  template: obj('템플릿', {
    nftCardName: str('카드 이름'), backgroundUrl: { type: ['string', 'null'], description: '카드 배경 URL' },
    customLinks: { type: 'array', items: obj('링크', { name: str('이름'), url: str('URL') }) },
    customFields: { type: 'array', items: obj('필드', { name: str('이름'), value: str('값 (보증서 값, 없으면 템플릿 값; 값이 없는 필드는 빠짐)') }) },
  }),
  customContents: { type: 'array', items: obj('내용 (내용이 빈 항목은 빠짐)', { title: str('제목'), contents: str('내용 (줄바꿈 유지)') }) },
  material: str('소재'), size: str('사이즈'), weight: str('무게'), message: str('발급 전일 때의 안내'),
  serviceHistory: {
    type: 'array', description: '완료된 수선·세탁 (complete, shipping), 오래된 순',
    items: obj('A/S 이력', { completedAt: str('완료 시각 ISO'), type: str('repair | laundry'), partnerName: { type: ['string', 'null'], description: '처리한 파트너 회사명 (브랜드가 직접 처리했으면 null)' } }),
  },
});

export const certificateApiRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${PUBLIC_CERTIFICATE}/:token`, {
    config: { public: true, rateLimit: perIp(CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE) },
    schema: docs({
      tags: ['public-certificate'], summary: '공개 보증서', isPublic: true,
      description: `로그인 없이 보증서 링크의 토큰으로 조회합니다. 발급(3, 4, 5)과 발급 취소(9)만 내용을 돌려주고, 발급 전(1, 2, 7, 10, 11)은 { issued: false, message }만 돌려줍니다. 없는·삭제된·형식이 틀린 토큰은 404. IP마다 분당 ${CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE}회 (넘으면 429).`,
      params: tokenParam,
      response: { 200: ok('보증서', certificateDoc), 404: errorEnvelope('NOT_FOUND: 없는 보증서'), 429: errorEnvelope('TOO_MANY_REQUESTS') },
    }),
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const found = await lookupCertificate(app.db, (request.params as { token: string }).token);
    if (found.kind === 'notFound') throw notFound(CERTIFICATE_TEXT.notFoundTitle);
    if (found.kind === 'notIssued') return { data: { issued: false, customerFacingStatus: null, message: CERTIFICATE_TEXT.notIssuedTitle } };
    return { data: found.view };
  });
};

/** The public certificate page at the site root (no login), readable on a phone; no script. */
export const certificatePageRoutes: FastifyPluginAsync = async (app) => {
  // Errors of this page (the rate limit, a failure) answer as a page, not as the API's JSON.
  app.setErrorHandler((error, request, reply) => {
    const status = error instanceof ApiError ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
    if (status === 429) return sendPage(reply, 429, messagePage(CERTIFICATE_TEXT.tooManyTitle, CERTIFICATE_TEXT.tooManyBody));
    if (status === 404) return sendPage(reply, 404, messagePage(CERTIFICATE_TEXT.notFoundTitle, CERTIFICATE_TEXT.notFoundBody));
    request.log.error({ err: error }, 'certificate page failed');
    return sendPage(reply, 500, messagePage(CERTIFICATE_TEXT.errorTitle, CERTIFICATE_TEXT.errorBody));
  });

  app.get(`${CERTIFICATE_PAGE}/:token`, {
    config: { public: true, rateLimit: perIp(CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE) },
    schema: { hide: true },
  }, async (request, reply) => {
    const found = await lookupCertificate(app.db, (request.params as { token: string }).token);
    if (found.kind === 'notFound') return sendPage(reply, 404, messagePage(CERTIFICATE_TEXT.notFoundTitle, CERTIFICATE_TEXT.notFoundBody));
    if (found.kind === 'notIssued') return sendPage(reply, 200, messagePage(CERTIFICATE_TEXT.notIssuedTitle, CERTIFICATE_TEXT.notIssuedBody));
    return sendPage(reply, 200, renderCertificate(found.view));
  });
};
