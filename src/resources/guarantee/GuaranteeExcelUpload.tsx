import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ApiRequestError, apiRequest } from '../../providers/http';
import { accessDenialView } from '../../domain/errors';
import { emitAppEvent } from '../../framework/events';
import { usePartnership } from '../../authProvider/usePartnership';
import { chunk, summarize, type ParsedRow, type SheetContext } from '../../domain/excel';
import { BULK_ISSUE_FAILURES, NFT_BULK_CHUNK_CONCURRENCY, NFT_BULK_MAX_ROWS, bulkIssueFailureMessage } from '../../domain/guarantee';
import {
  guaranteeSheetFor,
  matchGuaranteeRows,
  sheetModelNumbers,
  type CatalogueEntry,
  type GuaranteeSheetRow,
  type MatchLists,
} from '../../domain/guaranteeSheet';
import { PageLoading } from '../../framework/PageStates';
import { ExcelUploadPage, warmWorkerParse, workerParse, type ParseFn, type SubmitChunkResult } from '../../framework/excel';

export const GUARANTEE_BULK_PATH = '/v1/admin/nft/bulk';
/** The catalogue products of the sheet's model numbers, so the preview applies the bulk issue's name rule. */
export const GUARANTEE_CATALOGUE_PATH = `${GUARANTEE_BULK_PATH}/catalogue`;
const BRAND_LIST = '/v1/admin/brand/list';
const STORE_LIST = '/v1/admin/store/list';

/**
 * POST /api/v1/admin/nft/bulk `{ batchKey, rows }` (≤ NFT_BULK_MAX_ROWS rows; the same batchKey answers the
 * first result). Answers `{ list: [{ row, idx, nftNumber }], failed: [{ row, code, message, errors }] }`: the rows
 * issued, and the rows refused, each for its own reason.
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

/** POST nft/bulk/catalogue `{ modelNumbers }`, NFT_BULK_MAX_ROWS a request: the catalogue products they name. */
async function lookUpCatalogue(modelNumbers: string[]): Promise<CatalogueEntry[]> {
  const found: CatalogueEntry[] = [];
  for (const part of chunk(modelNumbers, NFT_BULK_MAX_ROWS)) {
    const answer = await apiRequest<{ list: CatalogueEntry[] }>(GUARANTEE_CATALOGUE_PATH, { method: 'POST', body: { modelNumbers: part } });
    for (const p of answer.list) found.push({ modelNumber: p.modelNumber, name: p.name });
  }
  return found;
}

type Named = { list: { idx: number; name: string; englishName?: string | null }[] };

// Loaded while the user picks a file; matching waits for them (fetchQuery loads a failed one again).
const brandQuery = { queryKey: ['excel', 'brand-list'], queryFn: () => apiRequest<Named>(BRAND_LIST), retry: false, staleTime: 60_000 };
const storeQuery = { queryKey: ['excel', 'store-list'], queryFn: () => apiRequest<Named>(STORE_LIST), retry: false, staleTime: 60_000 };

/**
 * Guarantee bulk issue (/b2b/guarantee/excel-upload, spec 2 sections 4, 5, 8, 9). The form depends
 * on the account: cooperators must name a brand and a category on every row. Steps: download the
 * form, drop the file, parse in the worker after 500 ms, match the brand and store names against the
 * tenant's lists and the model numbers against the catalogue (unknown names and a product name other
 * than the catalogue's mark the row, so no chunk is refused for a row the preview could catch; a list
 * that cannot be loaded is the matching-fail state), preview 100 rows a page, then issue the valid
 * rows in chunks of NFT_BULK_MAX_ROWS, NFT_BULK_CHUNK_CONCURRENCY (2) in flight, each with its own batch key
 * reused on retry. Rows are created with status request (1) and route excel.
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
      const matchFailed = { ok: false as const, error: translate('bulkIssue.matchFailed') };
      let lists: MatchLists;
      try {
        const [brands, stores] = await Promise.all([queryClient.fetchQuery(brandQuery), queryClient.fetchQuery(storeQuery)]);
        lists = { brands: brands.list, stores: stores.list, catalogue: [] };
      } catch {
        return matchFailed;
      }
      // Each slice of rows is matched once the catalogue entries of its new model numbers are in, in
      // the order the slices came: the first preview page still shows early.
      const matched: ParsedRow<GuaranteeSheetRow>[] = [];
      const asked = new Set<string>();
      let lookupFailed = false;
      let pending = Promise.resolve();
      const outcome = await parse(buffer, kind, parseCtx, (rows, total) => {
        const slice = rows as ParsedRow<GuaranteeSheetRow>[];
        pending = pending.then(async () => {
          if (lookupFailed) return;
          const fresh = sheetModelNumbers(spec, slice).filter((m) => !asked.has(m));
          for (const m of fresh) asked.add(m);
          try {
            if (fresh.length) lists.catalogue.push(...(await lookUpCatalogue(fresh)));
          } catch {
            lookupFailed = true;
            return;
          }
          const batch = matchGuaranteeRows(spec, slice, lists);
          for (const r of batch) matched.push(r);
          onRows(batch as ParsedRow<unknown>[], total);
        });
      });
      await pending;
      if (lookupFailed) return matchFailed;
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
      concurrency={NFT_BULK_CHUNK_CONCURRENCY}
    />
  );
}
