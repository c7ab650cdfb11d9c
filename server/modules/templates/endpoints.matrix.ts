import type { Endpoint } from '../securityMatrix';

/** This area's rows of the security matrix (server/modules/security.api.test.ts). */
export const TEMPLATE_ENDPOINTS: Endpoint[] = [];
