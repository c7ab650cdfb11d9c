import type { Shape } from './shape';
import type { bulkIssueKo } from './bulkIssue.ko';

/** English texts of the Bulk issue screens, same keys as bulkIssue.ko.ts. */
export const bulkIssueEn: Shape<typeof bulkIssueKo> = {
  bulkIssue: {
    title: 'Bulk issue of guarantees',
    matchFailed: 'The brand, store and product lists could not be loaded to match the rows. Please upload the file again.',
  },
};
