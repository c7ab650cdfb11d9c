import { useState, type ReactNode } from 'react';
import { Box, Button, Link, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../providers/http';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { NFT_STATUS_LABELS, type NftStatus } from '../../domain/guarantee';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { NotFoundDialog, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { CUSTOMER_PATH, CUSTOMER_RESOURCE, customerApi, type Customer, type CustomerNft, type CustomerOrder, type CustomerPointEntry, type CustomerTerm, type Paged } from './api';
import { CUSTOMER_COLUMNS } from './columns';
import { CustomerFormDialog } from './CustomerInputs';
import { formatWon } from '../../domain/format';
import { DASH, formatCount, formatDateTime, formatYmd } from './format';
import { CustomerStampCard } from '../stamp/CustomerStampCard';
import { PointAdjustDialog } from './PointAdjustDialog';
import { isSubAccount } from '../../domain/identity';
import { usePartnership } from '../../authProvider/usePartnership';
import { ScrollRegion } from '../../framework/ScrollRegion';

const PAGE_SIZE = 10;

/** A consent as 동의 (date) / 미동의; the API may give a Y/N, a boolean or { agreed, agreedAt }. */
function consentText(term: CustomerTerm | 'Y' | 'N' | boolean | null | undefined, fallback: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  const obj = term && typeof term === 'object' ? term : null;
  const raw = obj ? (obj.isAgree ?? obj.agreed) : (term ?? fallback);
  const agreed = raw === true || raw === 'Y';
  const state = t(agreed ? 'customer.agree.Y' : 'customer.agree.N');
  const date = obj?.changedAt ?? obj?.agreedAt ?? null;
  return date ? t('customer.detail.consentAt', { state, date: formatYmd(date) }) : state;
}

/**
 * Where a point change stands at the Cafe24 mall; a change the mall refused (반영 실패) can be sent again
 * by the main account (다시 보내기: the same change, once; the history then shows 반영 대기).
 */
function MallSyncCell({ entry, canRetry }: { entry: CustomerPointEntry; canRetry: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!entry.mallSync) return <>{DASH}</>;
  const state = translate(`customer.detail.mallSyncState.${entry.mallSync}`);
  if (entry.mallSync !== 'FAILED' || !canRetry) return <>{state}</>;
  const retry = async () => {
    setBusy(true);
    try {
      await customerApi.retryMallSync(entry.idx);
      notify('customer.detail.mallRetryDone', { type: 'success' });
      await client.invalidateQueries({ queryKey: ['customer'] });
    } catch (err) {
      notify(err instanceof ApiRequestError ? err.message : 'customer.detail.loadFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{state}</span>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void retry()}>
        {translate('customer.detail.mallRetry')}
      </Button>
    </Stack>
  );
}

/** A paged table of one of the customer's histories; the empty text when there is nothing. */
function HistoryTable<T extends { idx: number }>({
  id,
  title,
  emptyKey,
  load,
  headers,
  row,
}: {
  id: string;
  title: string;
  emptyKey: string;
  load: (page: number, signal: AbortSignal) => Promise<Paged<T>>;
  headers: string[];
  row: (item: T) => ReactNode[];
}) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  // Always current when the detail opens (a guarantee or an order may have been added meanwhile).
  const query = useQuery({ queryKey: ['customer', id, page], queryFn: ({ signal }) => load(page, signal), retry: false, staleTime: 0 });
  const list = query.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Section title={title} id={`customer-${id}`}>
      {query.isPending ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('app.common.loading')}
        </Typography>
      ) : query.isError ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('customer.detail.loadFailed')}
        </Typography>
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 2, textAlign: 'center' }}>
          {translate(emptyKey)}
        </Typography>
      ) : (
        <>
          <ScrollRegion>
            <Table size="small" aria-labelledby={`customer-${id}`}>
              <TableHead>
                <TableRow>
                  {headers.map((h) => (
                    <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((item) => (
                  <TableRow key={item.idx}>
                    {row(item).map((cell, i) => (
                      <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          {pages > 1 && <Pagination sx={{ mt: 1 }} count={pages} page={page} onChange={(_, p) => setPage(p)} size="small" />}
        </>
      )}
    </Section>
  );
}

function EmptySection({ title, emptyKey, id }: { title: string; emptyKey: string; id: string }) {
  const translate = useTranslate();
  return (
    <Section title={title} id={`customer-${id}`}>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 2, textAlign: 'center' }}>
        {translate(emptyKey)}
      </Typography>
    </Section>
  );
}

/**
 * /b2b/customer/detail/{customerIdx} (spec 3 section 2): profile and consents, the customer's
 * guarantees, memberships and coupons (empty until those areas exist), orders and points; 수정
 * opens the shared customer form. Another tenant's idx answers 404 → the not-found dialog.
 */
export default function CustomerShow() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const t = (key: string, options?: Record<string, unknown>) => translate(key, options);
  const { record: customer, notFound, refetch } = useRecordOr404<Customer>(CUSTOMER_RESOURCE, { staleTime: 0, serverText: false });
  const [editing, setEditing] = useState(false);
  // Point adjustments are the main account's (the server's mainWrite).
  const { partnership } = usePartnership();
  const canAdjustPoints = Boolean(partnership && !isSubAccount(partnership));
  if (notFound) return <NotFoundDialog message={translate('customer.notFound')} onClose={() => navigate(CUSTOMER_PATH, { replace: true })} />;
  if (!customer) return <PageLoading />;
  const terms = customer.terms ?? {};
  const rid: RaRecord['id'] = customer.customerIdx ?? customer.id;

  return (
    <PageShell
      title={`${translate('customer.detailTitle')} · ${customer.customerName}`}
      maxWidth={1100}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={CUSTOMER_PATH} variant="outlined">
            {translate('customer.back')}
          </Button>
          {canAdjustPoints && (
            <PointAdjustDialog customerIdx={rid} customerName={customer.customerName} points={customer.customerPoint ?? 0} onDone={() => void refetch()} />
          )}
          <Button variant="contained" disableElevation startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
            {translate('app.common.edit')}
          </Button>
        </Stack>
      }
    >
      <Section title={translate('customer.detail.profile')} id="customer-profile">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5 }}>
          {CUSTOMER_COLUMNS.map((c) => (
            <Box key={c.source} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate(`customer.fields.${c.source}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`detail-${c.source}`}>
                {c.render(customer, t)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={translate('customer.detail.consents')} id="customer-consents">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5 }}>
          {(
            [
              ['consentMarketing', consentText(terms.marketing, customer.isAgreeMarketing, t)],
              ['consentSms', consentText(terms.sms, customer.isAgreeSMS, t)],
              ['consentEmail', consentText(terms.email, customer.isAgreeEmail, t)],
            ] as const
          ).map(([key, value]) => (
            <Box key={key}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate(`customer.detail.${key}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <HistoryTable<CustomerNft>
        id={`nfts-${rid}`}
        title={translate('customer.detail.guarantees')}
        emptyKey="customer.detail.guaranteesEmpty"
        load={(page, signal) => customerApi.nfts(rid, page, signal)}
        headers={[translate('customer.detail.nftNumber'), translate('customer.detail.productName'), translate('customer.detail.status'), translate('customer.detail.issuedAt')]}
        row={(n) => [
          <Link key="n" component={RouterLink} to={`/b2b/guarantee/${n.idx}`} underline="hover">
            {n.nftNumber || String(n.idx)}
          </Link>,
          n.productName || DASH,
          n.nftStatus !== undefined ? (NFT_STATUS_LABELS[n.nftStatus as NftStatus] ?? String(n.nftStatus)) : DASH,
          formatDateTime(n.issuedAt ?? n.createdAt),
        ]}
      />
      <EmptySection id="memberships" title={translate('customer.detail.memberships')} emptyKey="customer.detail.membershipsEmpty" />
      <EmptySection id="coupons" title={translate('customer.detail.coupons')} emptyKey="customer.detail.couponsEmpty" />
      <CustomerStampCard customerIdx={rid} />
      <HistoryTable<CustomerOrder>
        id={`orders-${rid}`}
        title={translate('customer.detail.orders')}
        emptyKey="customer.detail.ordersEmpty"
        load={(page, signal) => customerApi.orders(rid, page, signal)}
        headers={['orderedAt', 'channel', 'productName', 'paymentAmount', 'pointAmount'].map((k) => translate(`customer.detail.${k}`))}
        row={(o) => [
          formatDateTime(o.orderedAt),
          translate(`customer.detail.channels.${o.channel}`, { _: o.channel }),
          o.productName || DASH,
          formatWon(o.paymentAmount),
          formatCount(o.pointAmount),
        ]}
      />
      <HistoryTable<CustomerPointEntry>
        id={`points-${rid}`}
        title={translate('customer.detail.points')}
        emptyKey="customer.detail.pointsEmpty"
        load={(page, signal) => customerApi.points(rid, page, signal)}
        headers={['createdAt', 'amount', 'reason', 'balance', 'mallSync'].map((k) => translate(`customer.detail.${k}`))}
        row={(p) => [
          formatDateTime(p.createdAt), `${p.amount > 0 ? '+' : ''}${formatCount(p.amount)}`, p.reason || DASH, formatCount(p.balance),
          <MallSyncCell key="mallSync" entry={p} canRetry={canAdjustPoints} />,
        ]}
      />
      {editing && (
        <CustomerFormDialog
          open
          customer={customer}
          onClose={() => setEditing(false)}
          onSaved={() => void refetch()}
        />
      )}
    </PageShell>
  );
}
