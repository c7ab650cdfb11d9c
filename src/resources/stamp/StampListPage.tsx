import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, IconButton, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { STAMP_STATUS_FILTERS, type StampStatus, type StampStatusFilter } from '../../domain/stamp';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/listQuery';
import { formatPhone } from '../../domain/patterns';
import { seoulDateTime } from '../../domain/seoulDay';
import { PageShell } from '../../framework/ui';
import { STAMP_KEY, STAMP_SETTING_PATH, stampApi, type StampHistoryRow } from './api';
import { VisitDialog } from './VisitDialog';
import { ScrollRegion } from '../../framework/ScrollRegion';

const STATUS_COLOR: Record<StampStatus, 'default' | 'success' | 'error' | 'warning'> = { ACCRUED: 'default', REWARDED: 'success', REWARD_FAILED: 'error', CANCELED: 'warning' };

/** The list's state in the query string (spec 3: list screens keep filters and page there): stampStatus (ALL by default), searchText, page, pageSize. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const status = params.get('stampStatus') as StampStatusFilter | null;
  const size = Number(params.get('pageSize'));
  const state = {
    stampStatus: status && STAMP_STATUS_FILTERS.includes(status) ? status : 'ALL' as StampStatusFilter,
    searchText: params.get('searchText') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
  const update = (next: Partial<typeof state>) => {
    const merged = { ...state, page: 1, ...next };
    const q = new URLSearchParams();
    if (merged.stampStatus !== 'ALL') q.set('stampStatus', merged.stampStatus);
    if (merged.searchText) q.set('searchText', merged.searchText);
    if (merged.page > 1) q.set('page', String(merged.page));
    if (merged.pageSize !== DEFAULT_PAGE_SIZE) q.set('pageSize', String(merged.pageSize));
    setParams(q);
  };
  return [state, update] as const;
}

function HistoryRow({ row }: { row: StampHistoryRow }) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{seoulDateTime(row.createdAt)}</TableCell>
      <TableCell>
        <Typography variant="body2">{row.customerName ?? '-'}</Typography>
        <Typography variant="caption" color="text.secondary">{row.customerPhone ? formatPhone(row.customerPhone) : ''}</Typography>
      </TableCell>
      <TableCell><Chip size="small" color={STATUS_COLOR[row.stampStatus]} label={translate(`stamp.status${row.stampStatus}`)} /></TableCell>
      <TableCell>{translate(`stamp.trigger${row.trigger}`)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('stamp.cardValue', { cardNo: row.cardNo, count: row.countAfter, goal: row.goal })}</TableCell>
      <TableCell>{row.stampStatus === 'ACCRUED' || row.stampStatus === 'CANCELED' ? '' : row.couponTitle ?? '-'}</TableCell>
      <TableCell>{row.failReason ?? row.memo ?? ''}</TableCell>
    </TableRow>
  );
}

/**
 * /b2b/stamp/list (issue 11 item 6): every stamp and reward, newest first, filtered by stampStatus
 * (ALL by default) and a customer search, paged, its state in the query string; and the staff's
 * visit confirmation when the card accrues on visits.
 */
export function StampListPage() {
  const translate = useTranslate();
  const client = useQueryClient();
  const [state, update] = useListState();
  const [search, setSearch] = useState(state.searchText);
  const [visitOpen, setVisitOpen] = useState(false);
  const setting = useQuery({ queryKey: STAMP_KEY, queryFn: ({ signal }) => stampApi.setting(signal), retry: false });
  const history = useQuery({
    queryKey: ['stamp', 'history', state],
    queryFn: ({ signal }) => stampApi.history(state, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
  const canVisit = setting.data?.trigger === 'VISIT' && setting.data.active === 'Y';
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ searchText: search.trim() });
  };

  const visitButton = (
    <Button variant="contained" onClick={() => setVisitOpen(true)} disabled={!canVisit}>{translate('stamp.visit')}</Button>
  );
  return (
    <PageShell
      titleKey="stamp.listTitle"
      maxWidth={1200}
      actions={canVisit ? visitButton : <Tooltip title={translate('stamp.visitDisabled')}><span>{visitButton}</span></Tooltip>}
    >
      {setting.isSuccess && setting.data === null ? (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button component={RouterLink} to={STAMP_SETTING_PATH} size="small">{translate('stamp.toSetting')}</Button>}>
          {translate('stamp.notSetUp')}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 2, borderRadius: 3 }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={onSearch} role="search">
          <TextField
            select size="small" label={translate('stamp.filterStatus')} value={state.stampStatus} sx={{ minWidth: 160 }}
            onChange={(e) => update({ stampStatus: e.target.value as StampStatusFilter })}
          >
            {STAMP_STATUS_FILTERS.map((s) => <MenuItem key={s} value={s}>{translate(`stamp.status${s}`)}</MenuItem>)}
          </TextField>
          <TextField size="small" label={translate('stamp.search')} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ flex: 1 }} />
          <Button type="submit" variant="outlined">{translate('stamp.searchButton')}</Button>
        </Stack>
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" color="text.secondary">{translate('stamp.total', { count: total.toLocaleString('ko-KR') })}</Typography>
        <TextField
          select size="small" label={translate('stamp.pageSize')} value={state.pageSize} sx={{ minWidth: 120 }}
          onChange={(e) => update({ pageSize: Number(e.target.value) })}
        >
          {PAGE_SIZES.map((n) => <MenuItem key={n} value={n}>{translate('app.list.pageSizeOption', { count: n })}</MenuItem>)}
        </TextField>
      </Box>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <ScrollRegion>
        <Table size="small" aria-label={translate('stamp.listTitle')}>
          <TableHead>
            <TableRow>
              {/* One line each (issue 23 item 9): a narrow screen scrolls the table rather than break 고객 a syllable a line. */}
              {['colDate', 'colCustomer', 'colStatus', 'colTrigger', 'colCard', 'colCoupon', 'colNote'].map((k) => <TableCell key={k} sx={{ whiteSpace: 'nowrap' }}>{translate(`stamp.${k}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data?.list.map((row) => <HistoryRow key={row.idx} row={row} />)}
            {history.isSuccess && history.data.list.length === 0 ? (
              <TableRow><TableCell colSpan={7} align="center" sx={{ py: 6, color: 'text.secondary' }}>{translate('stamp.empty')}</TableCell></TableRow>
            ) : null}
            {history.isError ? (
              <TableRow><TableCell colSpan={7} align="center" sx={{ py: 6 }}>{translate('app.list.loadFailed')}</TableCell></TableRow>
            ) : null}
          </TableBody>
        </Table>
        </ScrollRegion>
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 2 }}>
        <IconButton aria-label={translate('stamp.prev')} disabled={state.page <= 1} onClick={() => update({ page: state.page - 1 })}><ChevronLeft /></IconButton>
        <Typography variant="body2">{translate('stamp.page', { page: state.page, pages })}</Typography>
        <IconButton aria-label={translate('stamp.next')} disabled={state.page >= pages} onClick={() => update({ page: state.page + 1 })}><ChevronRight /></IconButton>
      </Box>
      <VisitDialog open={visitOpen} onClose={() => setVisitOpen(false)} onDone={() => void client.invalidateQueries({ queryKey: ['stamp', 'history'] })} />
    </PageShell>
  );
}

export default StampListPage;
