/** Korean texts of the Bulk issue screens, read as `bulkIssue.*`. English has the same keys (bulkIssue.en.ts). */
export const bulkIssueKo = {
  bulkIssue: {
    title: '보증서 일괄 발급',
  },
} as const;
