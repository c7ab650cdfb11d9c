import type { FastifyRequest } from 'fastify';
import { checkAccessAt } from '../../../src/domain/access';
import type { NftType } from '../../../src/domain/guarantee';
import { membershipTemplateResource } from '../../../src/domain/resources/membershipTemplate';
import { assertAccess, principalOf } from '../../plugins/auth';

/**
 * The nft-template routes serve both kinds of template under the guarantee rules. A MEMBERSHIP
 * template answers to the membership rules as well (the MEMBERSHIP feature; the STANDARD plan
 * blocks membership setup), so these routes are no side door to what /membership-template refuses.
 */
export function assertTemplateTypeAccess(request: FastifyRequest, type: NftType | undefined, mode: 'read' | 'write', now: Date): void {
  if (type === 'MEMBERSHIP') assertAccess(principalOf(request), membershipTemplateResource.access[mode], now);
}

/** Whether the principal may read membership templates (a list of every kind leaves them out otherwise). */
export const readsMembershipTemplates = (request: FastifyRequest, now: Date) =>
  checkAccessAt(principalOf(request), membershipTemplateResource.access.read, now) === null;
