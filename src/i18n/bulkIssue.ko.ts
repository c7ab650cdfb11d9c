/** Korean texts of the Bulk issue screens, read as `bulkIssue.*`. English has the same keys (bulkIssue.en.ts). */
export const bulkIssueKo = {
  bulkIssue: {
    title: '보증서 대량 발급',
    /** matching-fail: the brand, store or catalogue list could not be loaded, so the rows cannot be matched. */
    matchFailed: '브랜드·매장·상품 목록을 불러오지 못해 매칭하지 못했어요. 파일을 다시 올려 주세요',
  },
} as const;
