export { ExcelUploadPage, type ExcelUploadPageProps, type RowResult, type SubmitChunk, type SubmitChunkResult } from './ExcelUploadPage';
export { ProductExcelUpload, submitProductChunk, PRODUCT_BULK_PATH } from './ProductExcelUpload';
export { workerParse, fileHash, downloadXlsx, type ParseFn } from './parseClient';
