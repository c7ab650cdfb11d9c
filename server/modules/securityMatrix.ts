import type { InjectOptions } from 'fastify';
import type { Feature } from '../../src/domain/plans';

/**
 * The security matrix's vocabulary (server/modules/security.api.test.ts). Each area lists its own
 * endpoints in `<area>/endpoints.matrix.ts`; expectations are written out rather than derived from
 * the route rules, so a rule changed by mistake fails the matrix.
 */
export type Who = 'anyAdmin' | 'anyMain' | 'b2b' | 'b2bMain';
export interface Ids { bMemberIdx: number }
export interface Endpoint {
  name: string;
  who: Who;
  subscribed: boolean;
  /** A request an allowed caller can make without changing anything (invalid body, unknown idx). */
  request: (ids: Ids) => InjectOptions;
  /** Uses up the session (sign-out): each call gets a fresh one. */
  consumesSession?: boolean;
  /** The feature it needs: FEATURE_DISABLED without it. */
  feature?: Feature;
}
export const UNKNOWN_IDX = 99_999_999;
