import { useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useListContext, useNotify, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SchemaList, type ColumnSpec, type SearchDeclaration } from '../../framework/list';
import { PageShell } from '../../framework/ui';
import {
  CANCEL_DETAIL_MAX, CANCEL_REASONS, GUARANTEE_MSG, canTransition, NFT_SEARCH_TYPES, NFT_SEARCH_TYPE_LABELS, NFT_STATUS_FILTER_VALUES, NFT_STATUS_LABELS, REQUEST_ROUTES, type NftStatus,
} from '../../domain/guarantee';
import { seoulDate, won } from '../product/api';
import { GUARANTEE_RESOURCE, bulkCancel, bulkComplete, bulkDelete, bulkStop, cancelPending, phoneText, routeLabel, useStoreList, type Guarantee, type Store } from './api';
import { MEMBERSHIP_REQUEST_ROUTES, MEMBERSHIP_SEARCH_TYPE_LABELS, MEMBERSHIP_STATUS_FILTER_VALUES } from '../../domain/membershipIssue';
import { useNftKind, type NftKind } from './kind';
import { RefusedDialog, StatusChip, runTransition } from './common';
import type { WorkbookWriter } from '../../framework/list/exportPages';
import { ExportListButton, type ExportListTexts } from '../../framework/list/ExportListButton';

const F = (field: string) => `guarantee.fields.${field}`;

const GUARANTEE_EXPORT_TEXTS: ExportListTexts = {
  label: 'guarantee.list.export',
  exporting: 'guarantee.list.exporting',
  fileName: 'guarantee.list.exportFileName',
  done: 'guarantee.list.exportDone',
  failed: 'guarantee.list.exportFailed',
};

/**
 * The issue history's search panel (spec 2 sections 2 and 4). The URL keeps the route's names
 * (searchType, searchText, startDate, endDate, nftStatus, storeIdx, requestRoute); the 'guarantee'
 * endpoint renames the first four to the API's search, keyword, from and to.
 */
export function guaranteeSearch(stores: Store[] = [], nftType: NftKind['nftType'] = 'GUARANTEE'): SearchDeclaration {
  const membership = nftType === 'MEMBERSHIP';
  const routes: Record<string, string> = membership ? MEMBERSHIP_REQUEST_ROUTES : REQUEST_ROUTES;
  const searchLabels = membership ? MEMBERSHIP_SEARCH_TYPE_LABELS : NFT_SEARCH_TYPE_LABELS;
  const statuses: readonly NftStatus[] = membership ? MEMBERSHIP_STATUS_FILTER_VALUES : NFT_STATUS_FILTER_VALUES;
  return {
    searchTypes: NFT_SEARCH_TYPES.map((value) => ({ value, label: searchLabels[value] })),
    dateRange: true,
    dateLabel: F('createdAt'),
    filters: [
      { type: 'select', source: 'storeIdx', label: F('storeName'), options: stores.map((s) => ({ value: String(s.idx), label: s.name })) },
      { type: 'checkbox', source: 'requestRoute', label: 'guarantee.list.routeFilter', options: Object.keys(routes).map((value) => ({ value, label: routes[value] })) },
      // "발급 완료" also matches pending (being transferred) certificates on the server.
      { type: 'radio', source: 'nftStatus', label: F('nftStatus'), options: statuses.map((v) => ({ value: String(v), label: NFT_STATUS_LABELS[v] })) },
    ],
    defaultSort: { field: 'createdAt', order: 'DESC' },
  };
}

const columns: ColumnSpec<Guarantee>[] = [
  { source: 'nftNumber', label: F('nftNumber') },
  { source: 'nftStatus', label: F('nftStatus'), render: (g) => <StatusChip status={g.nftStatus} /> },
  { source: 'requestRoute', label: F('requestRoute'), render: (g) => routeLabel(g.requestRoute) },
  {
    source: 'ordererName',
    label: F('orderer'),
    sortable: true,
    render: (g) => (
      <Box>
        <Box component="span" sx={{ display: 'block' }}>
          {g.ordererName}
        </Box>
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
          {phoneText(g.ordererTel, g.ordererCountryCode)}
        </Box>
      </Box>
    ),
  },
  { source: 'productName', label: F('productName') },
  { source: 'storeName', label: F('storeName') },
  { source: 'issuedAt', label: F('issuedAt'), sortable: true, render: (g) => seoulDate(g.issuedAt) },
  { source: 'createdAt', label: F('createdAt'), sortable: true, render: (g) => seoulDate(g.createdAt) },
  { source: 'price', label: F('price'), align: 'right', render: (g) => won(g.price) },
];

const M = (field: string) => `membership-nft.fields.${field}`;
/** The membership history: the card instead of the product, its state (issuing, expired, stop) and end instead of the price. */
const membershipColumns: ColumnSpec<Guarantee>[] = [
  ...columns.slice(0, 4).map((c) => (c.source === 'nftNumber' || c.source === 'ordererName' ? { ...c, label: M(c.source) } : c)),
  // The free texts wrap, so the table fits 1280 px and 만료일 stays in view (issue 23 item 9).
  { source: 'nftCardName', label: M('nftCardName'), wrap: true },
  { source: 'membershipStatus', label: M('membershipStatus'), render: (g) => g.membershipStatusName ?? '' },
  { source: 'storeName', label: F('storeName'), wrap: true },
  { source: 'issuedAt', label: F('issuedAt'), sortable: true, render: (g) => seoulDate(g.issuedAt) },
  { source: 'expiresAt', label: M('expiresAt'), render: (g) => seoulDate(g.expiresAt ?? null) },
];

/** Whether every selected certificate is on the page and pending (5): only those take a cancel reason. */
function onlyPendingSelected(selectedIds: Identifier[], rows: Guarantee[]): boolean {
  return selectedIds.length > 0 && selectedIds.every((id) => {
    const g = rows.find((r) => r.id === id);
    return g !== undefined && canTransition('cancelPending', g.nftStatus);
  });
}

/**
 * 취소 사유: the selected pending (5) certificates to cancelled with a reason and a detail (POST
 * pending/cancel-reason). Offered only while the selection is all pending; issued ones use 발급 취소.
 */
export function PendingCancelButton({ onRefused }: { onRefused: (refused: string[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds = [], data = [], onUnselectItems, refetch } = useListContext<Guarantee>();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const submit = async () => {
    if (!reason) {
      setError(GUARANTEE_MSG.cancelReasonRequired);
      return;
    }
    setRunning(true);
    try {
      const result = await runTransition(() => cancelPending({ nftIdxList: selectedIds.map(Number), reason, detail: detail.trim() || null }));
      setOpen(false);
      if (!result.ok) onRefused(result.refused);
      else {
        notify('guarantee.list.pendingCanceled', { type: 'success', messageArgs: { count: selectedIds.length } });
        onUnselectItems();
        void refetch?.();
      }
    } catch {
      setOpen(false);
    } finally {
      setRunning(false);
    }
  };

  if (!open && !onlyPendingSelected(selectedIds, data)) return null;
  return (
    <>
      <Button
        size="small"
        color="warning"
        onClick={() => {
          setReason('');
          setDetail('');
          setError(null);
          setOpen(true);
        }}
      >
        {translate('guarantee.list.cancelReason')}
      </Button>
      <Dialog open={open} onClose={() => !running && setOpen(false)} aria-labelledby="guarantee-cancel-reason-title" maxWidth="xs" fullWidth>
        <DialogTitle id="guarantee-cancel-reason-title">{translate('guarantee.list.cancelReasonTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('guarantee.list.cancelReasonBody', { count: selectedIds.length })}
          </Typography>
          <Stack spacing={2}>
            <TextField
              select
              label={translate('guarantee.fields.cancelReason')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? undefined}
              required
              fullWidth
            >
              {CANCEL_REASONS.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('guarantee.fields.cancelDetail')}
              value={detail}
              onChange={(e) => setDetail(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: CANCEL_DETAIL_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={running} color="inherit">
            {translate('app.common.cancel')}
          </Button>
          <Button variant="contained" color="warning" disableElevation onClick={() => void submit()} disabled={running}>
            {translate('guarantee.list.cancelReasonSubmit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 엑셀 내려받기: every certificate of the current search, 1,000 a page, as an .xlsx built in the browser. */
export function GuaranteeExportButton({ write }: { write?: WorkbookWriter }) {
  return (
    <ExportListButton<Guarantee>
      resource={GUARANTEE_RESOURCE}
      load={async () => (await import('./exportGuarantees')).exportGuarantees}
      texts={GUARANTEE_EXPORT_TEXTS}
      write={write}
    />
  );
}

/** /b2b/guarantee: the issue history with its search panel, bulk complete/cancel/delete (confirmed) and the pending cancel reason. */
export default function GuaranteeList({ write }: { write?: WorkbookWriter } = {}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const kind = useNftKind();
  // Lists refresh when shown (spec 2 section 7): cached pages are marked stale before the query subscribes.
  useState(() => void queryClient.invalidateQueries({ queryKey: [kind.resource, 'getList'], refetchType: 'none' }));
  const stores = useStoreList();
  const storeList = stores.data;
  const T = (key: string) => `${kind.texts}.list.${key}`;
  const search = useMemo(() => guaranteeSearch(storeList, kind.nftType), [storeList, kind.nftType]);
  const [refused, setRefused] = useState<string[] | null>(null);

  /** A bulk operation: refused ones open the list of refusals (and keep the selection); other failures were presented. */
  const transition = (work: (ids: Identifier[]) => Promise<unknown>) => async (ids: Identifier[]) => {
    const result = await runTransition(() => work(ids));
    if (!result.ok) {
      setRefused(result.refused);
      throw new Error('refused');
    }
  };

  const actions = {
    complete: {
      label: T('complete'),
      confirmTitle: T('completeTitle'),
      confirmContent: T('completeConfirm'),
      action: transition((ids) => bulkComplete(ids, kind.api)),
      successMessage: T('completed'),
      failureMessage: false as const,
    },
    stop: {
      label: T('stop'),
      color: 'warning' as const,
      confirmTitle: T('stopTitle'),
      confirmContent: T('stopConfirm'),
      action: transition((ids) => bulkStop(ids, kind.api)),
      successMessage: T('stopped'),
      failureMessage: false as const,
    },
    cancel: {
      label: T('cancel'),
      color: 'warning' as const,
      confirmTitle: T('cancelTitle'),
      confirmContent: T('cancelConfirm'),
      action: transition((ids) => bulkCancel(ids, kind.api)),
      successMessage: T('canceled'),
      failureMessage: false as const,
    },
    delete: {
      label: 'app.common.delete',
      color: 'error' as const,
      confirmTitle: T('deleteTitle'),
      confirmContent: T('deleteConfirm'),
      action: transition((ids) => bulkDelete(ids, kind.api)),
      successMessage: T('deleted'),
      failureMessage: false as const,
    },
    pendingCancel: <PendingCancelButton key="pending" onRefused={setRefused} />,
  };
  const bulkActions = kind.bulk.map((key) => actions[key]);

  return (
    <PageShell titleKey={T('title')} maxWidth={1280}>
      <Box sx={{ width: 0, minWidth: '100%' }}>
        {/* The list asks for its rows at once; the store filter's options fill in when they come. */}
        <SchemaList<Guarantee>
          resource={kind.resource}
          label={translate(T('tableLabel'))}
          columns={kind.nftType === 'MEMBERSHIP' ? membershipColumns : columns}
          search={search}
          linkColumn="nftNumber"
          rowClick={(id) => `${kind.path}/${id}`}
          actions={
            <>
              <Button size="small" variant="contained" disableElevation component={RouterLink} to={kind.publishPath}>
                {translate(T('issue'))}
              </Button>
              {kind.exportable && <GuaranteeExportButton write={write} />}
            </>
          }
          bulkActions={bulkActions}
        />
      </Box>
      <RefusedDialog refused={refused} onClose={() => setRefused(null)} />
    </PageShell>
  );
}
