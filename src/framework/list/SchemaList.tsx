import { isValidElement, useMemo, type ReactNode } from 'react';
import { Box, Button, LinearProgress, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { DataTable, ListContextProvider, Pagination, ResourceContextProvider, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ScrollRegion } from '../ScrollRegion';
import { PAGE_SIZES } from '../../domain/listQuery';
import { ConfirmBulkAction, type ConfirmBulkActionProps } from './ConfirmBulkAction';
import { SearchPanel } from './SearchPanel';
import { useSchemaListController } from './useSchemaListController';
import type { SearchDeclaration } from './urlParams';

export interface ColumnSpec<R extends RaRecord = RaRecord> {
  /** The record field, also the sort field when sortable. */
  source: string;
  /** Header text or i18n key. */
  label: string;
  /** The cell; the field's value as text by default. */
  render?: (record: R) => ReactNode;
  /** Sortable on the server (`sort=source,ASC|DESC`). Off by default: the API sorts only some fields. */
  sortable?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Let long texts wrap; cells stay on one line by default and the table scrolls sideways on narrow screens. */
  wrap?: boolean;
}

export interface SchemaListProps<R extends RaRecord = RaRecord> {
  /** The dataProvider resource (src/dataProvider/resources.ts). */
  resource: string;
  columns: ColumnSpec<R>[];
  /** The search panel and URL declaration; `{}` for a list with paging only. */
  search?: SearchDeclaration;
  /** Confirmed bulk actions (declarations or elements); none means no row checkboxes. */
  bulkActions?: (ConfirmBulkActionProps | ReactNode)[];
  /** The path a row opens, e.g. (id) => `/b2b/product/${id}`; false for none. */
  rowClick?: ((id: Identifier, record: R) => string | false) | false;
  /**
   * With rowClick, this column's cell is also a link to the row's path, so keyboard and screen-reader
   * users can open a row (a table row itself is not focusable). The first column by default; false for none.
   */
  linkColumn?: string | false;
  /** Buttons beside the total (create, export, ...). */
  actions?: ReactNode;
  /** Filters always sent and never shown (e.g. a parent id). */
  permanentFilter?: Record<string, unknown>;
  /** The accessible name of the table. */
  label?: string;
}

const NO_SEARCH: SearchDeclaration = {};
const NOWRAP_CELL = { whiteSpace: 'nowrap' } as const;
/**
 * A wrapping cell breaks between words only, and is never narrower than its longest word: the
 * console's overflow-wrap 'anywhere' would let a squeezed table stand it a syllable a line.
 */
const WRAP_CELL = { overflowWrap: 'break-word', minWidth: '6em' } as const;

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The header plus one full-width row with a text: the loading, failed and empty table (spec 2). */
export function StateTable({ labels, text, checkbox = false, label, action }: { labels: string[]; text: string; checkbox?: boolean; label?: string; action?: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {checkbox && <TableCell padding="checkbox" />}
            {labels.map((l) => (
              <TableCell key={l} sx={{ whiteSpace: 'nowrap' }}>
                {l}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell colSpan={labels.length + (checkbox ? 1 : 0)} align="center" sx={{ py: 6, color: 'text.secondary' }} role="status">
              {text}
              {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** '총 N건' and the page-size select (PAGE_SIZES, default 25). */
export function ListToolbar({ actions }: { actions?: ReactNode }) {
  const translate = useTranslate();
  const { total, perPage, setPerPage, isPending } = useListContext();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5 }}>
      <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 700 }}>
        {isPending || total === undefined ? '' : translate('app.list.total', { count: total.toLocaleString('ko-KR') })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {actions}
        <TextField
          select
          size="small"
          value={perPage}
          onChange={(e) => setPerPage(Number(e.target.value))}
          slotProps={{ select: { native: true, inputProps: { 'aria-label': translate('app.list.pageSize') } } }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {translate('app.list.pageSizeOption', { count: n })}
            </option>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}

/**
 * A resource's list from a declaration: the search panel, '총 N건' and page size, a DataTable of
 * the columns (loading and empty texts in the table), confirmed bulk actions and pagination, with
 * the whole state in the query string (see useSchemaListController for why not react-admin's).
 */
export function SchemaList<R extends RaRecord = RaRecord>({ resource, columns, search = NO_SEARCH, bulkActions = [], rowClick = false, linkColumn, actions, permanentFilter, label }: SchemaListProps<R>) {
  const controller = useSchemaListController<R>({ resource, search, permanentFilter });
  const translate = useTranslate();
  const t = (key: string) => translate(key, { _: key });
  const labels = columns.map((c) => t(c.label));
  const hasSearchPanel = Boolean(search.searchTypes?.length || search.dateRange || search.filters?.length);
  const { url, data, error, isPending, isFetching, total, refetch } = controller;

  const bulkButtons = useMemo(
    () =>
      bulkActions.length === 0 ? false : (
        <>
          {bulkActions.map((a, i) =>
            isValidElement(a) || a === null || typeof a !== 'object' || !('action' in (a as object)) ? (
              <Box key={i} component="span">
                {a as ReactNode}
              </Box>
            ) : (
              <ConfirmBulkAction key={i} {...(a as ConfirmBulkActionProps)} />
            ),
          )}
        </>
      ),
    [bulkActions],
  );

  const failed = !isPending && !data && Boolean(error);
  const empty = !isPending && (!data || data.length === 0 || total === 0);
  const checkbox = bulkButtons !== false;
  const linkSource = linkColumn === undefined ? columns[0]?.source : linkColumn;

  return (
    <ResourceContextProvider value={resource}>
      <ListContextProvider value={controller}>
        {hasSearchPanel && <SearchPanel declaration={search} values={url} onSearch={url.setSearch} onReset={url.reset} />}
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <ListToolbar actions={actions} />
          <Box sx={{ height: 4 }}>{isFetching && !isPending && <LinearProgress aria-hidden />}</Box>
          {isPending && !failed ? (
            <StateTable labels={labels} text={t('app.list.loading')} checkbox={checkbox} label={label} />
          ) : failed ? (
            <StateTable
              labels={labels}
              text={t('app.list.loadFailed')}
              checkbox={checkbox}
              label={label}
              action={
                <Button size="small" variant="outlined" onClick={() => void refetch()}>
                  {t('app.list.retry')}
                </Button>
              }
            />
          ) : empty ? (
            <StateTable labels={labels} text={t('app.list.empty')} checkbox={checkbox} label={label} />
          ) : (
            <DataTable
              bulkActionButtons={bulkButtons}
              rowClick={rowClick ? (id, _resource, record) => rowClick(id, record as R) : false}
              aria-label={label}
              sx={{
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
                '& thead th': { whiteSpace: 'nowrap' },
                // One rule per kind of cell, not an sx per cell: emotion styled each of the 25 × N cells on its own.
                '& td.cell-nowrap': NOWRAP_CELL,
                '& td.cell-wrap': WRAP_CELL,
                // The bulk toolbar pushes the table down instead of covering '총 N건' and the page size.
                '& .MuiToolbar-root.RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none', borderRadius: 0 },
                // Its buttons wrap onto a next line on a narrow screen instead of running out of the card (issue 23 item 9).
                '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': { height: 'auto', flexWrap: 'wrap', py: 0.5 },
                '& .RaBulkActionsToolbar-topToolbar': { flexWrap: 'wrap', justifyContent: 'flex-start', bgcolor: 'transparent' },
              }}
            >
              {columns.map((c) => (
                <DataTable.Col
                  key={c.source}
                  source={c.source}
                  label={t(c.label)}
                  disableSort={!c.sortable}
                  align={c.align}
                  cellClassName={c.wrap ? 'cell-wrap' : 'cell-nowrap'}
                  render={(record: R) => {
                    const content = c.render ? c.render(record) : cellText(record[c.source]);
                    const to = rowClick && c.source === linkSource ? rowClick(record.id, record) : false;
                    return to ? (
                      <Link component={RouterLink} to={to} underline="hover" color="inherit" onClick={(e) => e.stopPropagation()}>
                        {content}
                      </Link>
                    ) : (
                      content
                    );
                  }}
                />
              ))}
            </DataTable>
          )}
          {!empty && !isPending && <Pagination rowsPerPageOptions={[]} />}
        </Paper>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
