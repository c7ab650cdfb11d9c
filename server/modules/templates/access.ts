import type { AccessRule } from '../../../src/domain/access';

/**
 * Templates need the GUARANTEE feature and a subscription. Sub-accounts read them (the issue form
 * picks one); only the main account changes them (guarantee settings are hidden from sub-accounts).
 */
export const TEMPLATE_ACCESS = {
  read: { feature: 'GUARANTEE' },
  write: { feature: 'GUARANTEE', mainOnly: true, write: true },
} as const satisfies Record<string, AccessRule>;
