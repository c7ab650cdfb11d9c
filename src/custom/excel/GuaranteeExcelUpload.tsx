import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ApiRequestError, apiRequest } from '../../providers/http';
import { accessDenialView } from '../../domain/errors';
import { emitAppEvent } from '../events';
import { usePartnership } from '../../authProvider/usePartnership';
import { summarize, type ParsedRow, type SheetContext } from '../../domain/excel';
import { BULK_ISSUE_FAILURES, bulkIssueFailureMessage } from '../../domain/guarantee';
import { guaranteeSheetFor, matchGuaranteeRows, type GuaranteeSheetRow, type MatchLists } from '../../domain/guaranteeSheet';
import { PageLoading } from '../PageStates';
import { ExcelUploadPage, type SubmitChunkResult } from './ExcelUploadPage';
import { warmWorkerParse, workerParse, type ParseFn } from './parseClient';

export const GUARANTEE_BULK_PATH = '/v1/admin/nft/bulk';
const BRAND_LIST = '/v1/admin/brand/list';
const STORE_LIST = '/v1/admin/store/list';

/**
 * POST /api/v1/admin/nft/bulk `{ batchKey, rows }` (≤ NFT_BULK_MAX_ROWS rows, all-or-nothing, the same
 * batchKey answers the first result). Answers `{ list: [{ row, idx, nftNumber }] }`.
 */
export async function submitGuaranteeChunk(rows: GuaranteeSheetRow[], batchKey: string): Promise<SubmitChunkResult> {
  try {
    return await apiRequest<SubmitChunkResult>(GUARANTEE_BULK_PATH, { method: 'POST', body: { batchKey, rows } });
  } catch (err) {
    // Issuing needs a subscription (spec 2 section 6): a refusal opens the subscription modal (or the
    // blocked-feature toast) as everywhere else; the rows keep the server's message.
    if (err instanceof ApiRequestError && err.status === 403) {
      const view = accessDenialView(err.code);
      if (view && view !== 'home') emitAppEvent({ type: 'accessDenied', view });
    }
    throw err;
  }
}

/**
 * A failed chunk's reason when the server names no row (spec 2 section 8): the bulk-issue failure
 * codes' messages; a refused request (400/403) its own message; anything else (a conflict, a 5xx, no
 * answer) "may already be issued or issuing" — the retry resends the same batch key, so nothing is
 * issued twice.
 */
export function guaranteeFailureMessage(err: unknown): string {
  const e = err as { code?: string; status?: number; message?: string };
  if (e?.code && e.code in BULK_ISSUE_FAILURES) return bulkIssueFailureMessage(e.code);
  if ((e?.status === 400 || e?.status === 403) && e.message) return e.message;
  return bulkIssueFailureMessage(e?.code);
}

/**
 * One new key per chunk (kept in the chunk's state, so a retry sends the same one): a random UUID.
 * crypto.randomUUID exists only in secure contexts (https, localhost); elsewhere a v4 UUID is built
 * from crypto.getRandomValues, which every browser has.
 */
export function newBatchKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Named = { list: { idx: number; name: string; englishName?: string | null }[] };

// Loaded while the user picks a file; matching waits for them (fetchQuery loads a failed one again).
const brandQuery = { queryKey: ['excel', 'brand-list'], queryFn: () => apiRequest<Named>(BRAND_LIST), retry: false, staleTime: 60_000 };
const storeQuery = { queryKey: ['excel', 'store-list'], queryFn: () => apiRequest<Named>(STORE_LIST), retry: false, staleTime: 60_000 };

/**
 * Guarantee bulk issue (/b2b/guarantee/excel-upload, spec 2 sections 4, 5, 8, 9). The form depends
 * on the account: cooperators must name a brand and a category on every row. Steps: download the
 * form, drop the file, parse in the worker after 500 ms, match the brand and store names against the
 * tenant's lists (unknown names mark the row; a list that cannot be loaded is the matching-fail
 * state), preview 100 rows a page, then issue the valid rows in chunks of NFT_BULK_MAX_ROWS, each
 * with its own batch key reused on retry. Rows are created with status request (1) and route excel.
 */
export function GuaranteeExcelUpload({ parse = workerParse, delayMs }: { parse?: ParseFn; delayMs?: number } = {}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { partnership } = usePartnership();
  const requireBrand = partnership?.b2bType === 'cooperator';
  const spec = guaranteeSheetFor(requireBrand);
  const ctx = useMemo<SheetContext>(() => ({ requireBrand }), [requireBrand]);

  useQuery({ ...brandQuery, enabled: !!partnership });
  useQuery({ ...storeQuery, enabled: !!partnership });

  const matchingParse = useCallback<ParseFn>(
    async (buffer, kind, parseCtx, onRows) => {
      let lists: MatchLists;
      try {
        const [brands, stores] = await Promise.all([queryClient.fetchQuery(brandQuery), queryClient.fetchQuery(storeQuery)]);
        lists = { brands: brands.list, stores: stores.list };
      } catch {
        return { ok: false, error: translate('bulkIssue.matchFailed') };
      }
      const matched: ParsedRow<GuaranteeSheetRow>[] = [];
      const outcome = await parse(buffer, kind, parseCtx, (rows, total) => {
        const batch = matchGuaranteeRows(spec, rows as ParsedRow<GuaranteeSheetRow>[], lists);
        for (const r of batch) matched.push(r);
        onRows(batch as ParsedRow<unknown>[], total);
      });
      return outcome.ok ? { ok: true, summary: summarize(matched) } : outcome;
    },
    [parse, queryClient, spec, translate],
  );

  // The page warms the worker only for its default parser; this one wraps it.
  useEffect(() => {
    if (parse === workerParse) warmWorkerParse(spec.kind);
  }, [parse, spec.kind]);

  if (!partnership) return <PageLoading />;
  return (
    <ExcelUploadPage
      key={spec.kind}
      spec={spec}
      ctx={ctx}
      title={translate('bulkIssue.title')}
      submit={submitGuaranteeChunk}
      parse={matchingParse}
      delayMs={delayMs}
      batchKeyFor={newBatchKey}
      failureMessage={guaranteeFailureMessage}
      retryWithoutRejectedRows
    />
  );
}
