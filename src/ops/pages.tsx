import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { opsKo } from '../i18n/ops.ko';
import { ScrollRegion } from '../framework/ScrollRegion';
import { fillMessage as fill } from '../domain/josa';
import { seoulDate, seoulDateTime, seoulToday } from '../domain/seoulDay';
import { formatNumber } from '../domain/format';
import { AUDIT_ACTION_KEYS, auditActionLabel } from '../domain/audit';
import { NFT_STATUS_LABELS, type NftStatus } from '../domain/guarantee';
import { ApiRequestError } from '../providers/http';
import { REVEALABLE_FIELDS, type RevealableField } from '../domain/operators';
import { opsApi, type AuditFilters, type AuditRow, type BrandHit, type BrandOverview, type Operator, type Row } from './api';
import { AppLink, messageOf } from './ui';

const T = opsKo.ops;
type Go = (to: string) => void;

/** A value's text in a cell: dates in Seoul, numbers grouped, booleans as 예/아니요. */
function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? T.columns.yes : T.columns.no;
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

interface Column<R> { key: string; label: string; render?: (row: R) => ReactNode }

function DataTable<R extends { idx: number }>({ label, columns, rows }: { label: string; columns: Column<R>[]; rows: R[] }) {
  if (!rows.length) return <Typography sx={{ py: 3 }} color="text.secondary">{T.brand.empty}</Typography>;
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>{columns.map((c) => <TableCell key={c.key} scope="col" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{c.label}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.idx}>
              {columns.map((c) => (
                <TableCell key={c.key} sx={{ whiteSpace: 'nowrap' }}>{c.render ? c.render(row) : cellText((row as Record<string, unknown>)[c.key])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * Loads once per key (callers pass a new loader each render; the key says when it asks something
 * else); `reload` asks again. An answer to a key no longer shown is dropped.
 */
function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  useLayoutEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let current = true;
    setState({});
    latest.current().then(
      (data) => current && setState({ data }),
      (err: unknown) => current && setState({ error: messageOf(err) }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  return { ...state, reload: useCallback(() => setRound((r) => r + 1), []) };
}

function Loading({ error }: { error?: string }) {
  return error ? <Alert severity="error">{error}</Alert> : <Typography color="text.secondary">{T.loading}</Typography>;
}

export function BrandSearchPage({ go, search }: { go: Go; search: string }) {
  const initial = new URLSearchParams(search).get('name') ?? '';
  const [name, setName] = useState(initial);
  const [hits, setHits] = useState<BrandHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const find = useCallback(async (value: string) => {
    setError(null);
    try {
      setHits((await opsApi.findBrands(value)).list);
    } catch (err) {
      setHits(null);
      setError(messageOf(err));
    }
  }, []);
  useEffect(() => {
    if (initial) void find(initial);
  }, [initial, find]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(`/ops?name=${encodeURIComponent(name.trim())}`);
    void find(name);
  };
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>{T.nav.brands}</Typography>
      <form noValidate onSubmit={submit}>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <TextField label={T.search.label} value={name} onChange={(e) => setName(e.target.value)} size="small" sx={{ flexGrow: 1, maxWidth: 420 }} />
          <Button type="submit" variant="contained">{T.search.submit}</Button>
        </Stack>
      </form>
      {error && <Alert severity="error">{error}</Alert>}
      {hits === null && !error && <Typography color="text.secondary">{T.search.hint}</Typography>}
      {hits && !hits.length && <Typography color="text.secondary">{T.search.empty}</Typography>}
      {hits && hits.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {hits.map((h) => (
            <Paper component="li" variant="outlined" key={h.tenantIdx} sx={{ p: 2 }}>
              <AppLink to={`/ops/brands/${h.tenantIdx}`} go={go}>{h.brandNames.join(', ') || h.companyName}</AppLink>
              <Typography variant="body2" color="text.secondary">
                {h.companyName} · #{h.tenantIdx}{h.suspended ? ` · ${T.search.suspended}` : ''}{h.isLeaved ? ` · ${T.search.leaved}` : ''}
              </Typography>
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}

const VIEWS = ['accounts', 'subscriptions', 'guarantees', 'customers', 'asRequests', 'messages', 'credit'] as const;
type View = (typeof VIEWS)[number];
const VIEW_PATH: Record<View, string> = { accounts: 'accounts', subscriptions: 'subscriptions', guarantees: 'guarantees', customers: 'customers', asRequests: 'as-requests', messages: 'messages', credit: 'credit' };
const C = T.columns;
const date = (key: string) => (r: Row) => seoulDate(r[key] as string | null);

function columnsOf(view: View, tenantIdx: number, go: Go): Column<Row>[] {
  switch (view) {
    case 'accounts':
      return [
        { key: 'idx', label: C.idx }, { key: 'main', label: C.main, render: (r) => (r.main ? C.mainAccount : C.subAccount) },
        { key: 'name', label: C.name }, { key: 'email', label: C.email }, { key: 'phone', label: C.phone }, { key: 'createdAt', label: C.createdAt, render: date('createdAt') },
      ];
    case 'subscriptions':
      return [
        { key: 'planName', label: C.plan }, { key: 'startDate', label: C.start, render: date('startDate') }, { key: 'endDate', label: C.end, render: date('endDate') },
        { key: 'isTrial', label: C.trial }, { key: 'isCanceled', label: C.canceled },
      ];
    case 'guarantees':
      return [
        { key: 'nftNumber', label: C.nftNumber }, { key: 'nftType', label: C.nftType },
        { key: 'nftStatus', label: C.nftStatus, render: (r) => NFT_STATUS_LABELS[r.nftStatus as NftStatus] ?? String(r.nftStatus) },
        { key: 'productName', label: C.productName }, { key: 'ordererName', label: C.orderer }, { key: 'ordererTel', label: C.ordererTel },
        { key: 'createdAt', label: C.createdAt, render: date('createdAt') },
      ];
    case 'customers':
      return [
        { key: 'idx', label: C.idx }, { key: 'name', label: C.name }, { key: 'phone', label: C.phone }, { key: 'email', label: C.email },
        { key: 'createdAt', label: C.createdAt, render: date('createdAt') },
        { key: 'open', label: C.open, render: (r) => <AppLink to={`/ops/brands/${tenantIdx}/customers/${r.idx}`} go={go}>{`${C.open} #${r.idx}`}</AppLink> },
      ];
    case 'asRequests':
      return [
        { key: 'type', label: C.type }, { key: 'status', label: C.status }, { key: 'nftNumber', label: C.nftNumber }, { key: 'productName', label: C.productName },
        { key: 'customerName', label: C.customer }, { key: 'receiverPhone', label: C.phone }, { key: 'createdAt', label: C.createdAt, render: date('createdAt') },
      ];
    case 'messages':
      return [
        { key: 'messageTitle', label: C.messageTitle }, { key: 'messageType', label: C.type }, { key: 'status', label: C.status },
        { key: 'sendAt', label: C.sendAt, render: (r) => (r.sendAt ? seoulDateTime(r.sendAt as string) : '-') },
        { key: 'sendCount', label: C.sent }, { key: 'successCount', label: C.succeeded }, { key: 'failCount', label: C.failed }, { key: 'messageCost', label: C.amount },
      ];
    case 'credit':
      return [
        { key: 'kind', label: C.kind }, { key: 'amount', label: C.amount }, { key: 'balanceAfter', label: C.balanceAfter },
        { key: 'createdAt', label: C.createdAt, render: (r) => seoulDateTime(r.createdAt as string) },
      ];
  }
}

function BrandView({ tenantIdx, view, go }: { tenantIdx: number; view: View; go: Go }) {
  const { data, error } = useLoad(() => opsApi.view(tenantIdx, VIEW_PATH[view]), `${tenantIdx}:${view}`);
  if (!data) return <Loading error={error} />;
  return <DataTable label={T.brand.tabs[view]} columns={columnsOf(view, tenantIdx, go)} rows={data.list} />;
}

function SuspendDialog({ brand, open, onClose, onDone }: { brand: BrandOverview; open: boolean; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lift = Boolean(brand.suspended);
  const name = brand.brandNames[0] ?? brand.companyName;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (lift) await opsApi.unsuspend(brand.tenantIdx);
      else await opsApi.suspend(brand.tenantIdx, reason);
      onDone();
    } catch (err) {
      setError(err instanceof ApiRequestError && err.errors?.reason ? err.errors.reason : messageOf(err));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="suspend-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="suspend-title">{fill(lift ? T.brand.unsuspendTitle : T.brand.suspendTitle, { name })}</DialogTitle>
        <DialogContent>
          {!lift && <DialogContentText sx={{ mb: 2 }}>{T.brand.suspendHelp}</DialogContentText>}
          {!lift && <TextField label={T.brand.suspendReason} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth autoFocus error={Boolean(error)} helperText={error ?? undefined} />}
          {lift && error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="submit" variant="contained" color={lift ? 'primary' : 'error'}>{lift ? T.brand.unsuspend : T.brand.suspend}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function BrandPage({ tenantIdx, me, go, search }: { tenantIdx: number; me: Operator; go: Go; search: string }) {
  const tabParam = new URLSearchParams(search).get('tab') as View | null;
  const view: View = tabParam && VIEWS.includes(tabParam) ? tabParam : 'accounts';
  const { data: brand, error, reload } = useLoad(() => opsApi.brand(tenantIdx), String(tenantIdx));
  const [dialog, setDialog] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!brand) return <Loading error={error} />;
  const name = brand.brandNames[0] ?? brand.companyName;
  const facts: [string, string][] = [
    [T.brand.companyName, brand.companyName], [T.brand.brandNames, brand.brandNames.join(', ') || '-'], [T.brand.email, brand.email], [T.brand.phone, brand.phone],
    [T.brand.plan, brand.plan ? `${brand.plan.name}${brand.plan.endDate ? ` (~${seoulDate(brand.plan.endDate)})` : ''}` : T.brand.noPlan],
    [T.brand.credit, formatNumber(brand.creditBalance)],
    [T.brand.status, brand.suspended ? fill(T.brand.suspendedSince, { date: seoulDate(brand.suspended.at), reason: brand.suspended.reason }) : T.brand.active],
  ];
  return (
    <>
      <AppLink to="/ops" go={go}>{T.brand.back}</AppLink>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" gap={1} sx={{ my: 2 }}>
        <Typography component="h1" variant="h5">{name} <Typography component="span" color="text.secondary">#{tenantIdx}</Typography></Typography>
        {me.role === 'admin' && (
          <Button variant="outlined" color={brand.suspended ? 'primary' : 'error'} onClick={() => setDialog(true)}>
            {brand.suspended ? T.brand.unsuspend : T.brand.suspend}
          </Button>
        )}
      </Stack>
      {notice && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>{notice}</Alert>}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{T.brand.overview}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 0.5, m: 0 }}>
          {facts.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">{k}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-all' }}>{v}</Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{T.brand.masked}</Typography>
      <Tabs value={view} onChange={(_, v: View) => go(`/ops/brands/${tenantIdx}?tab=${v}`)} variant="scrollable" scrollButtons={false} aria-label={T.brand.overview} sx={{ mb: 1 }}>
        {VIEWS.map((v) => <Tab key={v} value={v} label={T.brand.tabs[v]} id={`tab-${v}`} aria-controls={`panel-${v}`} />)}
      </Tabs>
      <Box role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
        <BrandView tenantIdx={tenantIdx} view={view} go={go} />
      </Box>
      <SuspendDialog
        key={String(dialog)} brand={brand} open={dialog} onClose={() => setDialog(false)}
        onDone={() => {
          setDialog(false);
          setNotice(brand.suspended ? T.brand.unsuspended : T.brand.suspended);
          reload();
        }}
      />
    </>
  );
}

function RevealDialog({ field, onClose, onReveal }: { field: RevealableField | null; onClose: () => void; onReveal: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await onReveal(reason);
    } catch (err) {
      setError(err instanceof ApiRequestError && err.errors?.reason ? err.errors.reason : messageOf(err));
    }
  };
  return (
    <Dialog open={field !== null} onClose={onClose} aria-labelledby="reveal-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="reveal-title">{field ? fill(T.customer.revealTitle, { field: T.customer.fields[field] }) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.customer.revealHelp}</DialogContentText>
          <TextField label={T.customer.reason} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth autoFocus multiline minRows={2} error={Boolean(error)} helperText={error ?? undefined} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="submit" variant="contained">{T.customer.revealSubmit}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function CustomerPage({ tenantIdx, idx, go }: { tenantIdx: number; idx: number; go: Go }) {
  const { data, error } = useLoad(() => opsApi.customer(tenantIdx, idx), `${tenantIdx}:${idx}`);
  const [revealed, setRevealed] = useState<Partial<Record<RevealableField, string | null>>>({});
  const [asking, setAsking] = useState<RevealableField | null>(null);
  if (!data) return <Loading error={error} />;
  const reveal = async (reason: string) => {
    const field = asking!;
    const { value } = await opsApi.reveal(tenantIdx, idx, field, reason);
    setRevealed((r) => ({ ...r, [field]: value }));
    setAsking(null);
  };
  return (
    <>
      <AppLink to={`/ops/brands/${tenantIdx}?tab=customers`} go={go}>{T.customer.back}</AppLink>
      <Typography component="h1" variant="h5" sx={{ my: 2 }}>{T.customer.title} #{idx}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0, alignItems: 'center' }}>
          {REVEALABLE_FIELDS.map((field) => {
            const shown = field in revealed;
            return (
              <Box key={field} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">{T.customer.fields[field]}</Typography>
                <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" data-testid={`customer-${field}`} sx={{ wordBreak: 'break-all' }}>
                    {cellText(shown ? revealed[field] : data[field])}
                  </Typography>
                  {!shown && data[field] ? (
                    <Button size="small" variant="outlined" onClick={() => setAsking(field)} aria-label={fill(T.customer.revealTitle, { field: T.customer.fields[field] })}>
                      {T.customer.reveal}
                    </Button>
                  ) : null}
                </Box>
              </Box>
            );
          })}
          <Typography component="dt" variant="body2" color="text.secondary">{T.customer.gender}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{cellText(data.gender)}</Typography>
          <Typography component="dt" variant="body2" color="text.secondary">{T.customer.birthday}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{cellText(data.birthday)}</Typography>
          <Typography component="dt" variant="body2" color="text.secondary">{T.customer.agreeMarketing}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{data.agreeMarketing === 'Y' ? C.yes : C.no}</Typography>
        </Box>
      </Paper>
      <RevealDialog key={asking ?? 'none'} field={asking} onClose={() => setAsking(null)} onReveal={reveal} />
    </>
  );
}

const FILTER_KEYS = ['action', 'outcome', 'actorKind', 'from', 'to', 'tenantIdx'] as const;

export function AuditLogPage({ go, search }: { go: Go; search: string }) {
  const params = new URLSearchParams(search);
  const applied: AuditFilters = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [form, setForm] = useState<Record<string, string>>(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])));
  const { data, error } = useLoad(() => opsApi.audit({ ...applied, page, pageSize: 25 }), search);
  const to = (next: Record<string, string>, p = 1) => {
    const q = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== ''));
    if (p > 1) q.set('page', String(p));
    go(`/ops/audit-log${q.size ? `?${q}` : ''}`);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    to(form);
  };
  const field = (key: (typeof FILTER_KEYS)[number], label: string, options?: [string, string][], type = 'text') => (
    <TextField
      select={Boolean(options)} label={label} value={form[key]} size="small" type={type} sx={{ minWidth: 150 }}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    >
      {options?.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
    </TextField>
  );
  const A = T.audit;
  const columns: Column<AuditRow>[] = [
    { key: 'at', label: A.at, render: (r) => seoulDateTime(r.at) },
    { key: 'tenantIdx', label: A.tenant, render: (r) => (r.tenantIdx ? <AppLink to={`/ops/brands/${r.tenantIdx}`} go={go}>{`#${r.tenantIdx}`}</AppLink> : '-') },
    { key: 'who', label: A.who, render: (r) => `${r.actorEmail} (${r.actorKind === 'operator' ? A.operator : A.partner})` },
    { key: 'what', label: A.what, render: (r) => auditActionLabel(r.action) },
    { key: 'outcome', label: A.outcome, render: (r) => (r.outcome === 'ok' ? A.ok : `${A.refused} (${r.code ?? ''})`) },
    { key: 'target', label: A.target, render: (r) => cellText(r.target) },
    { key: 'ip', label: A.ip },
    { key: 'detail', label: A.detail, render: (r) => <Box component="code" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', display: 'block', maxWidth: 360 }}>{r.detail ? JSON.stringify(r.detail) : '-'}</Box> },
  ];
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>{A.title}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <form noValidate onSubmit={submit} aria-label={A.filters}>
          <Stack direction="row" flexWrap="wrap" gap={1.5}>
            {field('action', A.action, [['', A.all], ...AUDIT_ACTION_KEYS.map((k) => [k, auditActionLabel(k)] as [string, string])])}
            {field('outcome', A.outcome, [['', A.all], ['ok', A.ok], ['refused', A.refused]])}
            {field('actorKind', A.actorKind, [['', A.all], ['partner', A.partner], ['operator', A.operator]])}
            {field('from', A.from, undefined, 'date')}
            {field('to', A.to, undefined, 'date')}
            {field('tenantIdx', A.tenant)}
            <Button type="submit" variant="contained">{A.apply}</Button>
          </Stack>
        </form>
      </Paper>
      {!data ? <Loading error={error} /> : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>{fill(A.total, { count: formatNumber(data.total) })}</Typography>
          {data.list.length ? <DataTable label={A.title} columns={columns} rows={data.list} /> : <Typography color="text.secondary">{A.empty}</Typography>}
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }}>
            <Button disabled={page <= 1} onClick={() => to(Object.fromEntries(Object.entries(applied).map(([k, v]) => [k, String(v)])), page - 1)}>{A.prev}</Button>
            <Typography variant="body2">{fill(A.page, { page })}</Typography>
            <Button disabled={page * 25 >= data.total} onClick={() => to(Object.fromEntries(Object.entries(applied).map(([k, v]) => [k, String(v)])), page + 1)}>{A.next}</Button>
          </Stack>
        </>
      )}
    </>
  );
}

export function OperatorsPage({ me }: { me: Operator }) {
  const { data, error, reload } = useLoad(() => (me.role === 'admin' ? opsApi.operators() : Promise.resolve({ list: [] })), me.role);
  const [form, setForm] = useState({ email: '', name: '', role: 'support', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  if (me.role !== 'admin') return <Alert severity="info">{T.operators.adminOnly}</Alert>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await opsApi.addOperator(form);
      setNotice(T.operators.added);
      setForm({ email: '', name: '', role: 'support', password: '' });
      reload();
    } catch (err) {
      setErrors(err instanceof ApiRequestError && err.errors ? err.errors : { form: messageOf(err) });
    }
  };
  const O = T.operators;
  const input = (key: keyof typeof form, label: string, type = 'text') => (
    <TextField
      label={label} type={type} value={form[key]} size="small" onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      error={Boolean(errors[key])} helperText={errors[key]} select={key === 'role'} sx={{ minWidth: 180 }}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
    >
      {key === 'role' ? (['support', 'admin'] as const).map((r) => <MenuItem key={r} value={r}>{T.role[r]}</MenuItem>) : null}
    </TextField>
  );
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>{O.title}</Typography>
      {notice && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>{notice}</Alert>}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{O.add}</Typography>
        <form noValidate onSubmit={submit}>
          <Stack direction="row" flexWrap="wrap" gap={1.5} alignItems="flex-start">
            {input('email', O.email, 'email')}
            {input('name', O.name)}
            {input('role', O.role)}
            {input('password', O.password, 'password')}
            <Button type="submit" variant="contained">{O.add}</Button>
          </Stack>
          {errors.form && <Alert severity="error" sx={{ mt: 1 }}>{errors.form}</Alert>}
        </form>
      </Paper>
      {!data ? <Loading error={error} /> : (
        <DataTable
          label={O.title} rows={data.list as (Operator & { createdAt: string })[]}
          columns={[
            { key: 'idx', label: C.idx }, { key: 'name', label: O.name }, { key: 'email', label: O.email },
            { key: 'role', label: O.role, render: (r) => T.role[(r as Operator).role] }, { key: 'createdAt', label: C.createdAt, render: (r) => seoulDate((r as { createdAt: string }).createdAt) },
          ]}
        />
      )}
    </>
  );
}

/** The platform's notices (issue 27 item 3): every brand reads them on home; support and admin write them. */
export function NoticesPage() {
  const N = T.notices;
  const { data, error, reload } = useLoad(() => opsApi.notices(), 'notices');
  const blank = () => ({ title: '', date: seoulToday(Date.now()), link: '' });
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await opsApi.addNotice(form);
      setDone(fill(N.added, { title: form.title.trim() }));
      setForm(blank());
      reload();
    } catch (err) {
      setErrors(err instanceof ApiRequestError && err.errors ? err.errors : { form: messageOf(err) });
    }
  };
  const input = (key: keyof ReturnType<typeof blank>, label: string, width: number) => (
    <TextField
      label={label} value={form[key]} size="small" onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      error={Boolean(errors[key])} helperText={errors[key]} sx={{ width, maxWidth: '100%' }} autoComplete="off"
    />
  );
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>{N.title}</Typography>
      {done && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>{done}</Alert>}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{N.add}</Typography>
        <form noValidate onSubmit={submit}>
          <Stack direction="row" flexWrap="wrap" gap={1.5} alignItems="flex-start">
            {input('title', N.noticeTitle, 360)}
            {input('date', N.date, 160)}
            {input('link', N.link, 320)}
            <Button type="submit" variant="contained">{N.submit}</Button>
          </Stack>
          {errors.form && <Alert severity="error" sx={{ mt: 1 }}>{errors.form}</Alert>}
        </form>
      </Paper>
      {!data ? <Loading error={error} /> : (
        <DataTable
          label={N.title} rows={data.list.map((n) => ({ ...n, idx: n.no }))}
          columns={[{ key: 'date', label: N.date }, { key: 'title', label: N.noticeTitle }, { key: 'link', label: N.link }]}
        />
      )}
    </>
  );
}

export function AnalyticsPage() {
  const A = T.analytics;
  const views = useLoad(() => opsApi.pageviews(), 'pageviews');
  const errors = useLoad(() => opsApi.errors(), 'errors');
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>{A.title}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{A.pageviews}</Typography>
        {!views.data ? <Loading error={views.error} /> : (
          <DataTable label={A.pageviews} rows={views.data.list} columns={[{ key: 'path', label: A.path }, { key: 'views', label: A.views }, { key: 'accounts', label: A.accounts }]} />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>{A.errors}</Typography>
        {!errors.data ? <Loading error={errors.error} /> : (
          <DataTable
            label={A.errors} rows={errors.data.list}
            columns={[
              { key: 'at', label: A.at, render: (r) => seoulDateTime(r.at) }, { key: 'tenantIdx', label: A.tenant }, { key: 'kind', label: A.kind },
              { key: 'path', label: A.path }, { key: 'message', label: A.message },
            ]}
          />
        )}
      </Paper>
    </>
  );
}
