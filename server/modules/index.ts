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
import { storeRoutes } from './stores/routes';
import { brandRoutes } from './brands/routes';
import { mediaRoutes, uploadRoutes } from './uploads/routes';
import { guaranteeRoutes } from './guarantees/routes';
import { templateRoutes } from './templates/routes';
import { certificateApiRoutes, certificatePageRoutes } from './certificates/routes';
import { customerRoutes } from './customers/routes';

/**
 * Each area registers its routes here, under the API base its spec paths belong to.
 *
 * Route schemas are OpenAPI documentation only: in this scope they compile to validators that
 * accept everything and to plain JSON.stringify. Bodies are validated with the domain's yup
 * schemas (Korean messages naming the field), and a documented response shape can never silently
 * drop a field the handler returns.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.setValidatorCompiler(() => () => true);
    scope.setSerializerCompiler(() => (data) => JSON.stringify(data));

    for (const routes of [authRoutes, profileRoutes, consentRoutes, serviceTermsRoutes, memberRoutes, productRoutes, storeRoutes, brandRoutes, uploadRoutes, guaranteeRoutes, templateRoutes, certificateApiRoutes, customerRoutes]) {
      await scope.register(routes, { prefix: API_BASES.main });
    }
    await scope.register(paymentRoutes, { prefix: API_BASES.payment });
    await scope.register(creditRoutes, { prefix: API_BASES.credit });
    await scope.register(mediaRoutes, { prefix: API_BASES.media });
    await scope.register(certificatePageRoutes);
    await scope.register(devRoutes, { prefix: API_BASES.main });
  });
}
