import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../providers/http';
import { usePartnership } from '../../authProvider/usePartnership';
import { productSheet, type ProductSheetRow, type SheetContext } from '../../domain/excel';
import { PageLoading } from '../../framework/PageStates';
import { ExcelUploadPage, type ParseFn, type SubmitChunkResult } from '../../framework/excel';

export const PRODUCT_BULK_PATH = '/v1/admin/partners-product/bulk';

/** POST /api/v1/admin/partners-product/bulk `{ batchKey, rows }` (≤ 1,000 rows, idempotent by batchKey): `{ list, failed }`, each refused row with its own reason. */
export function submitProductChunk(rows: ProductSheetRow[], batchKey: string): Promise<SubmitChunkResult> {
  return apiRequest<SubmitChunkResult>(PRODUCT_BULK_PATH, { method: 'POST', body: { batchKey, rows } });
}

/**
 * Product bulk upload (/b2b/product/excel-upload): cooperator accounts must name a brand on each
 * row, matched by name or number against GET /v1/admin/brand/list; brand accounts may leave it empty.
 */
export function ProductExcelUpload({ parse, delayMs }: { parse?: ParseFn; delayMs?: number } = {}) {
  const { partnership } = usePartnership();
  const requireBrand = partnership?.b2bType === 'cooperator';
  const brands = useQuery({
    queryKey: ['excel', 'brand-list'],
    queryFn: () => apiRequest<{ list: { idx: number; name: string }[] }>('/v1/admin/brand/list'),
    enabled: !!partnership,
    retry: false,
    staleTime: 60_000,
  });
  const ctx = useMemo<SheetContext>(() => {
    const list = brands.data?.list ?? (partnership?.brand ? [partnership.brand] : undefined);
    return { requireBrand, brands: list };
  }, [brands.data, partnership?.brand, requireBrand]);
  if (!partnership || brands.isPending) return <PageLoading />;
  return <ExcelUploadPage spec={productSheet} ctx={ctx} submit={submitProductChunk} parse={parse} delayMs={delayMs} />;
}
