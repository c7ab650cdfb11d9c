import * as yup from 'yup';
import { addDays, isYmd } from './seoulDay';

/**
 * The platform's notices (spec 1 sections 3, 7 and 9; issue 27 item 3): written by the platform's
 * operators, read by every brand on home (POST /v1/common/notion). Not a tenant's records.
 */
export interface Notice {
  no: number;
  title: string;
  /** The Seoul day it was posted, YYYY-MM-DD. */
  date: string;
  link: string | null;
}

/** Home shows the newest 7; a notice is 'new' for 14 days (spec 1 section 9). */
export const NOTICE_FEED_SIZE = 7;
export const NOTICE_NEW_DAYS = 14;
/** How many the read endpoint answers (the feed shows NOTICE_FEED_SIZE of them). */
export const NOTICE_READ_LIMIT = 20;

/** New when posted within the last 14 days, counting today as the first (posted 13 days ago: new; 14: not). */
export const isNewNotice = (date: string, today: string): boolean => date <= today && date > addDays(today, -NOTICE_NEW_DAYS);

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_LINK_MAX = 2000;
export const NOTICE_MSG = {
  titleRequired: '공지 제목을 입력해 주세요',
  titleMax: `공지 제목은 ${NOTICE_TITLE_MAX}자까지 입력할 수 있어요`,
  linkInvalid: '공지 링크는 http:// 또는 https://로 시작하는 주소여야 해요',
  dateInvalid: '게시일은 YYYY-MM-DD 형식이어야 해요',
} as const;

/** A notice as an operator writes it (the operator console calls the server's createNotice with it). */
export const noticeSchema = yup.object({
  title: yup.string().trim().required(NOTICE_MSG.titleRequired).max(NOTICE_TITLE_MAX, NOTICE_MSG.titleMax),
  link: yup.string().trim().max(NOTICE_LINK_MAX, NOTICE_MSG.linkInvalid).matches(/^https?:\/\/\S+$/, { message: NOTICE_MSG.linkInvalid, excludeEmptyString: true }).nullable().default(null),
  date: yup.string().required(NOTICE_MSG.dateInvalid).test('ymd', NOTICE_MSG.dateInvalid, (v) => !v || isYmd(v)),
});
export type NoticeInput = yup.InferType<typeof noticeSchema>;
