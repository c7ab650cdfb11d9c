import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/** The brand lounge settings page (issue 11 item 7), mounted without the shell (route table layout 'none'). */
export const loungePages: PageMap = {
  'lounge.setting': lazyWithRetry(() => import('./LoungeSettingPage')),
};
