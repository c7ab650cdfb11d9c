import { lazyPage, lazyWithRetry } from '../../framework/lazyWithRetry';
import type { ResourceViews } from '../../framework/resource/resourceRoute';

/**
 * Inspections (issue 13 item 6, docs/api/exam.md): the definition (src/domain/resources/exam.ts) gives
 * the generic list at /b2b/exam with the result as a chip (a row opens the detail), register (also at
 * /b2b/inspection) and edit (recording the result) as the generic form with the certificate number
 * and the photo uploads (up to 6), then the detail at /b2b/exam/{idx}.
 */
export const examViews: ResourceViews = {
  list: lazyWithRetry(() => import('./ExamList')),
  register: lazyPage(() => import('./ExamPages'), 'ExamCreate'),
  edit: lazyPage(() => import('./ExamPages'), 'ExamEdit'),
  pages: { show: lazyWithRetry(() => import('./ExamShow')) },
};
