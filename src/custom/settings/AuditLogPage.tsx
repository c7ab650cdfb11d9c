import { useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { ScrollRegion } from '../../framework/ScrollRegion';
import { apiRequest } from '../../providers/http';
import { AUDIT_ACTION_KEYS, AUDIT_PAGE_SIZES, auditActionLabel } from '../../domain/audit';
import { seoulDateTime } from '../../domain/seoulDay';
import { formatNumber } from '../../domain/format';

interface AuditRow {
  idx: number; at: string; actorKind: 'partner' | 'operator'; actorEmail: string; action: string; target: string | null;
  outcome: 'ok' | 'refused'; code: string | null; ip: string; detail: Record<string, unknown> | null;
}
type Filters = { action: string; outcome: string; actorKind: string; from: string; to: string };
const EMPTY: Filters = { action: '', outcome: '', actorKind: '', from: '', to: '' };
const PAGE_SIZE = AUDIT_PAGE_SIZES[0];

/**
 * /setting/audit-log (main accounts, subscribed or not): the brand's own audit log (issue 27,
 * GET /v1/admin/audit-log), newest first, filtered by action, outcome, actor and Seoul days. A filter
 * applies as soon as it changes: there is nothing to submit.
 */
export function AuditLogPage() {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`auditLog.${key}`, values);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ data?: { total: number; list: AuditRow[] }; error?: string }>({});

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ data: s.data }));
    apiRequest<{ total: number; list: AuditRow[] }>('/v1/admin/audit-log', { query: { ...filters, page, pageSize: PAGE_SIZE }, signal: controller.signal })
      .then((data) => setState({ data }), (err: Error) => err.name !== 'AbortError' && setState({ error: err.message || translate('auditLog.loadFailed') }));
    return () => controller.abort();
  }, [filters, page, translate]);

  const set = (key: keyof Filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };
  const select = (key: keyof Filters, options: [string, string][]) => (
    <TextField select size="small" label={t(key)} value={filters[key]} onChange={set(key)} sx={{ minWidth: 150 }}>
      {options.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
    </TextField>
  );
  const day = (key: 'from' | 'to') => (
    <TextField type="date" size="small" label={t(key)} value={filters[key]} onChange={set(key)} slotProps={{ inputLabel: { shrink: true } }} />
  );
  const data = state.data;

  return (
    <PageShell titleKey="auditLog.title" maxWidth={1200}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('help')}</Typography>
      <Stack direction="row" flexWrap="wrap" gap={1.5} sx={{ mb: 2 }} role="group" aria-label={t('title')}>
        {select('action', [['', t('all')], ...AUDIT_ACTION_KEYS.map((k) => [k, auditActionLabel(k)] as [string, string])])}
        {select('outcome', [['', t('all')], ['ok', t('ok')], ['refused', t('refused')]])}
        {select('actorKind', [['', t('all')], ['partner', t('partner')], ['operator', t('operator')]])}
        {day('from')}
        {day('to')}
      </Stack>
      {state.error && <Alert severity="error">{state.error}</Alert>}
      {!data && !state.error && <PageLoading />}
      {data && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>{t('total', { count: formatNumber(data.total) })}</Typography>
          {data.list.length === 0 ? <Typography color="text.secondary" sx={{ py: 3 }}>{t('empty')}</Typography> : (
            <ScrollRegion label={t('title')}>
              <Table size="small" aria-label={t('title')}>
                <TableHead>
                  <TableRow>
                    {(['at', 'who', 'what', 'outcome', 'target', 'ip', 'detail'] as const).map((k) => (
                      <TableCell key={k} scope="col" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{t(k)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.list.map((r) => (
                    <TableRow key={r.idx}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{seoulDateTime(r.at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.actorEmail} ({t(r.actorKind)})</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{auditActionLabel(r.action)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.outcome === 'ok' ? t('ok') : `${t('refused')} (${r.code ?? ''})`}</TableCell>
                      <TableCell>{r.target ?? '-'}</TableCell>
                      <TableCell>{r.ip}</TableCell>
                      <TableCell>
                        <Box component="code" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', display: 'block', maxWidth: 360 }}>
                          {r.detail ? JSON.stringify(r.detail) : '-'}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
          )}
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }}>
            <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>{t('prev')}</Button>
            <Typography variant="body2">{t('page', { page })}</Typography>
            <Button disabled={page * PAGE_SIZE >= data.total} onClick={() => setPage((p) => p + 1)}>{t('next')}</Button>
          </Stack>
        </>
      )}
    </PageShell>
  );
}

export default AuditLogPage;
