import type { AccessRule } from '../../../src/domain/access';
import { guaranteeResource } from '../../../src/domain/resources/guarantee';

/** Guarantees' rules are their definition's: the GUARANTEE feature and a subscription; sub-accounts work on them too. */
export const GUARANTEE_ACCESS: Record<'read' | 'write', AccessRule> = guaranteeResource.access;
