import type { FastifyInstance } from 'fastify';
import { API_BASES } from '../../src/config/apiBases';
import { authRoutes } from './accounts/authRoutes';
import { profileRoutes } from './accounts/profileRoutes';
import { consentRoutes } from './consents/routes';
import { serviceTermsRoutes } from './serviceTerms/routes';
import { memberRoutes } from './members/routes';
import { paymentRoutes } from './payment/routes';
import { creditRoutes } from './credit/routes';
import { devRoutes } from './dev/routes';
import { productRoutes } from './products/routes';
import { RESOURCE_ROUTES } from './resources';
import { brandRoutes } from './brands/routes';
import { mediaRoutes, uploadRoutes } from './uploads/routes';
import { guaranteeRoutes } from './guarantees/routes';
import { templateRoutes } from './templates/routes';
import { membershipTemplateRoutes } from './memberships/routes';
import { membershipIssueRoutes } from './memberships/issueRoutes';
import { certificateApiRoutes, certificatePageRoutes } from './certificates/routes';
import { customerRoutes } from './customers/routes';
import { loungeRoutes } from './lounge/routes';
import { stampRoutes } from './stamps/routes';
import { brandLoungeRoutes } from './brandLounge/routes';
import { requestRoutes as asRequestRoutes } from './afterService/requestRoutes';
import { memoRoutes as asMemoRoutes } from './afterService/memoRoutes';
import { asIntakeRoutes } from './afterService/intakeRoutes';
import { asSettingsRoutes } from './afterService/settingsRoutes';
import { asPartnerRoutes } from './afterService/partnersRoutes';
import { asDashboardRoutes } from './afterService/dashboardsRoutes';
import { messageLinkRoutes, messageRoutes } from './messages/routes';
import { waitingPublicRoutes, waitingRoutes, waitingStatisticsRoutes } from './waiting/routes';
import { reservationPublicRoutes, reservationRoutes } from './reservations/routes';
import { onboardingRoutes } from './onboarding/routes';
import { noticeRoutes } from './notices/routes';
import { consignmentNoticeRoutes } from './accounts/consignmentNoticeRoutes';
import { opsRoutes } from './ops/routes';
import { analyticsRoutes } from './analytics/routes';
import { brandAuditRoutes } from './ops/brandAuditRoutes';
import { integrationPageRoutes, integrationRoutes } from './integrations/routes';
import { installInputGuards } from '../http/inputGuards';
import { requireRateLimitWhenPublic } from '../http/rateLimit';

/**
 * Each area registers its routes here, under the API base its spec paths belong to.
 *
 * Every route's input passes the scope's guards before its handler (http/inputGuards.ts: JSON
 * depth, NUL bytes, one value per declared query parameter, an object body); the values are then
 * checked by the input each route declares in `config.input` (http/routeInput.ts: the domain's yup
 * schemas and the routes' parsers, whose Korean messages name the field), before the handler. Responses are plain JSON.stringify, so a documented response shape can never silently
 * drop a field the handler returns.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    installInputGuards(scope);
    scope.addHook('onRoute', requireRateLimitWhenPublic);
    scope.setSerializerCompiler(() => (data) => JSON.stringify(data));

    for (const routes of [authRoutes, profileRoutes, consentRoutes, serviceTermsRoutes, memberRoutes, productRoutes, brandRoutes, uploadRoutes, guaranteeRoutes, templateRoutes, membershipTemplateRoutes, membershipIssueRoutes, certificateApiRoutes, customerRoutes, stampRoutes, brandLoungeRoutes, loungeRoutes, asRequestRoutes, asMemoRoutes, asIntakeRoutes, asSettingsRoutes, asPartnerRoutes, asDashboardRoutes, messageRoutes, noticeRoutes, consignmentNoticeRoutes, brandAuditRoutes, analyticsRoutes, integrationRoutes]) {
      await scope.register(routes, { prefix: API_BASES.main });
    }
    // The declared resources' generic CRUD (src/domain/resources, http/resourceRoutes.ts).
    for (const { plugin, prefix } of RESOURCE_ROUTES) await scope.register(plugin, { prefix });
    await scope.register(paymentRoutes, { prefix: API_BASES.payment });
    await scope.register(creditRoutes, { prefix: API_BASES.credit });
    await scope.register(onboardingRoutes, { prefix: API_BASES.statistics });
    await scope.register(mediaRoutes, { prefix: API_BASES.media });
    await scope.register(waitingRoutes, { prefix: API_BASES.waiting });
    await scope.register(waitingPublicRoutes, { prefix: API_BASES.waiting });
    await scope.register(reservationRoutes, { prefix: API_BASES.waiting });
    await scope.register(reservationPublicRoutes, { prefix: API_BASES.waiting });
    await scope.register(waitingStatisticsRoutes, { prefix: API_BASES.statistics });
    await scope.register(opsRoutes, { prefix: API_BASES.ops });
    await scope.register(certificatePageRoutes);
    await scope.register(integrationPageRoutes);
    await scope.register(messageLinkRoutes);
    await scope.register(devRoutes, { prefix: API_BASES.main });
  });
}
