import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/** The messages pages (issue 25) by their page keys in the route table (src/domain/routes.ts); each a lazy chunk. */
export const messagePages: PageMap = {
  'message.temp': lazyWithRetry(() => import('./MessageTempPage')),
  'message.auto': lazyWithRetry(() => import('./MessageAutoPage')),
  'message.autoCompose': lazyWithRetry(() => import('./MessageAutoComposePage')),
  'message.autoDetail': lazyWithRetry(() => import('./MessageAutoDetailPage')),
  'message.compose': lazyWithRetry(() => import('./MessageComposePage')),
  'message.detail': lazyWithRetry(() => import('./MessageDetailPage')),
  'message.channel': lazyWithRetry(() => import('./MessageChannelPage')),
  'message.templates': lazyWithRetry(() => import('./TemplatesPage')),
  'message.templateForm': lazyWithRetry(() => import('./TemplateFormPage')),
  'message.templateDetail': lazyWithRetry(() => import('./TemplateDetailPage')),
};
