/**
 * Spreadsheet bulk upload (spec 2 sections 2, 5, 8, 9). Routes are wired by App.tsx, e.g.
 *   const ProductExcelUpload = lazyPage(() => import('./custom/excel'), 'ProductExcelUpload');
 *   <Route path="/b2b/product/excel-upload" element={<Page><ProductExcelUpload /></Page>} />
 * Guarantee and membership uploads declare a SheetSpec (e.g. src/domain/guaranteeSheet.ts), add it to
 * SHEETS (the worker looks specs up by kind: the spec's module registers itself and parse.worker.ts
 * imports it) and render <ExcelUploadPage spec={…} ctx={…} submit={…} />. GuaranteeExcelUpload shows
 * the optional props: a matching step wrapped around `parse`, batchKeyFor, failureMessage and
 * retryWithoutRejectedRows.
 */
export { ExcelUploadPage, type ExcelUploadPageProps, type RowResult, type SubmitChunk, type SubmitChunkResult } from './ExcelUploadPage';
export { ProductExcelUpload, submitProductChunk, PRODUCT_BULK_PATH } from './ProductExcelUpload';
export { workerParse, inlineParse, warmWorkerParse, fileHash, downloadXlsx, type ParseFn, type ParseOutcome } from './parseClient';
export { GuaranteeExcelUpload, submitGuaranteeChunk, GUARANTEE_BULK_PATH } from './GuaranteeExcelUpload';
