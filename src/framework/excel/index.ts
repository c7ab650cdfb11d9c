/**
 * Spreadsheet bulk upload machinery (spec 2 sections 2, 5, 8, 9); the upload pages live with their
 * resources (src/resources/product/ProductExcelUpload.tsx, src/resources/guarantee/GuaranteeExcelUpload.tsx).
 * Guarantee and membership uploads declare a SheetSpec (e.g. src/domain/guaranteeSheet.ts), add it to
 * SHEETS (the worker looks specs up by kind: the spec's module registers itself and parse.worker.ts
 * imports it) and render <ExcelUploadPage spec={…} ctx={…} submit={…} />. GuaranteeExcelUpload shows
 * the optional props: a matching step wrapped around `parse`, batchKeyFor and failureMessage.
 */
export { ExcelUploadPage, type ExcelUploadPageProps, type RowResult, type SubmitChunk, type SubmitChunkResult } from './ExcelUploadPage';
export { workerParse, inlineParse, warmWorkerParse, fileHash, downloadXlsx, type ParseFn, type ParseOutcome } from './parseClient';
