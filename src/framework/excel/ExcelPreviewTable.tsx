import { memo } from 'react';
import { Pagination, Table, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EXCEL_PREVIEW_PAGE_SIZE, formHeader, type ParsedRow, type SheetContext, type SheetSpec } from '../../domain/excel';
import type { RowResult } from './useChunkedSubmit';
import { ScrollRegion } from '../ScrollRegion';

/**
 * The body cells are plain elements styled by one rule set on the table (not a MUI TableCell each):
 * 100 rows × 13 cells render in a few milliseconds, and memoised rows skip re-rendering while the
 * worker's later slices arrive.
 */
const previewTableSx = {
  '& tbody td': {
    px: 1.5,
    py: 0.75,
    borderBottom: 1,
    borderColor: 'divider',
    typography: 'body2',
    maxWidth: 220,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
  },
  '& tbody td[data-error="missing"]': { bgcolor: 'warning.light', color: 'common.black' },
  '& tbody td:is([data-error="format"], [data-error="limit"], [data-error="mismatch"])': { bgcolor: 'error.light', color: 'common.black' },
  '& tbody td.status': { whiteSpace: 'normal', wordBreak: 'keep-all', minWidth: 160, maxWidth: 280, color: 'text.secondary' },
  '& tbody td.status[data-state="error"]': { color: 'error.main', fontWeight: 600 },
  '& tbody td.status[data-state="done"]': { color: 'success.main', fontWeight: 600 },
} as const;

type Translate = ReturnType<typeof useTranslate>;

const PreviewRow = memo(function PreviewRow({ row, keys, result, translate }: { row: ParsedRow<unknown>; keys: string[]; result?: RowResult; translate: Translate }) {
  const bad = new Map(row.errors.map((e) => [e.key, e]));
  const isError = row.errors.length > 0 || result?.status === 'failed';
  const status =
    result?.status === 'done'
      ? result.number
        ? `${translate('app.excel.statusDone')} · ${result.number}`
        : translate('app.excel.statusDone')
      : result?.status === 'failed'
        ? translate('app.excel.statusFailed', { reason: result.reason })
        : row.error || translate('app.excel.statusOk');
  return (
    <tr data-line={row.line} aria-invalid={isError || undefined}>
      <td>{row.line}</td>
      <td className="status" data-testid="row-status" data-state={result?.status === 'done' ? 'done' : isError ? 'error' : undefined}>
        {status}
      </td>
      {keys.map((key, ci) => {
        const err = bad.get(key);
        return (
          <td key={key} title={err?.message} data-error={err?.kind} aria-invalid={err ? true : undefined}>
            {row.cells[ci]}
          </td>
        );
      })}
    </tr>
  );
});

interface ExcelPreviewTableProps<Row> {
  spec: SheetSpec<Row>;
  ctx: SheetContext;
  columnKeys: string[];
  /** The rows the filter lets through, each with its index into the parsed rows. */
  visible: { r: ParsedRow<Row>; i: number }[];
  results: Map<number, RowResult>;
  page: number;
  onPage: (page: number) => void;
}

/** The parsed rows, a page of 100 at a time, each with its line, its status and its bad cells marked. */
export function ExcelPreviewTable<Row>({ spec, ctx, columnKeys, visible, results, page, onPage }: ExcelPreviewTableProps<Row>) {
  const translate = useTranslate();
  const pageCount = Math.max(1, Math.ceil(visible.length / EXCEL_PREVIEW_PAGE_SIZE));
  const safePage = Math.min(page, pageCount);
  const pageRows = visible.slice((safePage - 1) * EXCEL_PREVIEW_PAGE_SIZE, safePage * EXCEL_PREVIEW_PAGE_SIZE);
  return (
    <>
      <ScrollRegion sx={{ maxHeight: 640, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={translate('app.excel.previewTitle')} sx={previewTableSx}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('app.excel.row')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', minWidth: 160 }}>{translate('app.excel.status')}</TableCell>
              {spec.columns.map((c) => (
                <TableCell key={c.key} sx={{ whiteSpace: 'nowrap' }}>
                  {formHeader(c, ctx)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <tbody>
            {pageRows.map(({ r, i }) => (
              <PreviewRow key={r.line} row={r as ParsedRow<unknown>} keys={columnKeys} result={results.get(i)} translate={translate} />
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
      {pageCount > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pageCount}
          page={safePage}
          siblingCount={0}
          onChange={(_, p) => onPage(p)}
          getItemAriaLabel={(type, p) =>
            type === 'page' ? translate('app.excel.pageLabel', { page: p }) : translate(type === 'next' ? 'app.excel.nextPage' : type === 'previous' ? 'app.excel.prevPage' : type === 'first' ? 'app.excel.firstPage' : 'app.excel.lastPage')
          }
        />
      )}
    </>
  );
}
