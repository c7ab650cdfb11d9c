import { useLocation } from 'react-router-dom';
import type { TemplateScope } from './api';

/** temp or auto, from the path (/b2b/message/{tab}/template…). */
export function useTemplateScope(): TemplateScope {
  return useLocation().pathname.startsWith('/b2b/message/auto') ? 'auto' : 'temp';
}
