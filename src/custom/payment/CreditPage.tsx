import { useState } from 'react';
import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { CHARGE_AMOUNTS, CREDIT_MSG, chargeTotalOf } from '../../domain/credit';
import { formatNumber } from '../../domain/format';
import { MSG } from '../../domain/messages';
import { addDays, seoulDateTime, seoulToday } from '../../domain/seoulDay';
import { ApiRequestError, apiRequest } from '../../providers/http';
import { clock } from '../../providers/session';
import { AutoChargeDialog } from '../../layout/AutoChargeDialog';
import { useShellText } from '../../layout/useShellText';
import { ActionConfirm, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { CardDialogs } from './CardListDialog';
import {
  CREDIT_ACCOUNT_QUERY_KEY,
  TRANSACTIONS_QUERY_KEY,
  newIdempotencyKey,
  useCreditAccount,
  usePaymentMethods,
  useTransactionGroups,
  type TransactionGroup,
} from './paymentApi';

const DEFAULT_RANGE_DAYS = 30;

function ChargeSection() {
  const t = useShellText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const account = useCreditAccount();
  const methods = usePaymentMethods();
  const [amount, setAmount] = useState<number>(CHARGE_AMOUNTS[0]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cardsOpen, setCardsOpen] = useState(false);
  const [autoOpen, setAutoOpen] = useState(false);
  // 충전하기 asks first: the card is charged only after 결제하기 in the confirmation (issue 23 item 13).
  const [asking, setAsking] = useState(false);
  const won = (n: number) => t('billing.credit.won', { amount: formatNumber(n) });
  const totals = chargeTotalOf(amount);
  const hasCard = (methods.data?.list.length ?? 0) > 0;

  const charge = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest('/account/charge', { base: 'credit', method: 'POST', body: { amount }, headers: { 'Idempotency-Key': newIdempotencyKey() } });
      setAsking(false);
      notify(CREDIT_MSG.charged, { type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CREDIT_ACCOUNT_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
      ]);
    } catch (err) {
      setAsking(false);
      setFailure(err instanceof ApiRequestError && err.status < 500 && err.status > 0 ? err.message : MSG.genericErrorMessage);
    } finally {
      setBusy(false);
    }
  };

  const config = account.data?.config;
  return (
    <Section
      title={t('billing.credit.title')}
      id="credit-charge"
      action={
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => setCardsOpen(true)}>{t('billing.credit.cardsButton')}</Button>
          <Button size="small" variant="outlined" onClick={() => setAutoOpen(true)} disabled={!account.data}>{t('billing.credit.autoButton')}</Button>
        </Stack>
      }
    >
      {account.isPending ? (
        <PageLoading />
      ) : account.data ? (
        <Stack spacing={2}>
          {account.data.notice && (
            <Alert severity="warning">{t('billing.credit.noticeAt', { message: account.data.notice.message, at: seoulDateTime(account.data.notice.createdAt) })}</Alert>
          )}
          <Typography variant="body2">
            {t('billing.credit.balance')}: <Box component="strong" data-testid="credit-page-balance">{won(account.data.balance)}</Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {config?.autoRechargeActivated
              ? t('billing.credit.autoStatusOn', { threshold: formatNumber(config.rechargeThreshold), amount: formatNumber(config.rechargeAmount) })
              : t('billing.credit.autoStatusOff')}
          </Typography>
          <RadioGroup aria-label={t('billing.credit.amountLabel')} value={String(amount)} onChange={(e) => setAmount(Number(e.target.value))} row>
            {CHARGE_AMOUNTS.map((v) => (
              <FormControlLabel key={v} value={String(v)} control={<Radio />} label={won(v)} />
            ))}
          </RadioGroup>
          <Table size="small" aria-label={t('billing.credit.total')} sx={{ maxWidth: 360 }}>
            <TableBody>
              <TableRow><TableCell>{t('billing.credit.amount')}</TableCell><TableCell align="right" data-testid="charge-amount">{won(totals.amount)}</TableCell></TableRow>
              <TableRow><TableCell>{t('billing.credit.vat')}</TableCell><TableCell align="right" data-testid="charge-vat">{won(totals.vat)}</TableCell></TableRow>
              <TableRow><TableCell sx={{ fontWeight: 700 }}>{t('billing.credit.total')}</TableCell><TableCell align="right" sx={{ fontWeight: 700 }} data-testid="charge-total">{won(totals.total)}</TableCell></TableRow>
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary">{t('billing.credit.refundRule')}</Typography>
          {methods.isSuccess && !hasCard && <Alert severity="info">{t('billing.credit.noCard')}</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box>
            <Button variant="contained" disableElevation onClick={() => { setFailure(null); setAsking(true); }} disabled={busy || !hasCard}>
              {t('billing.credit.charge')}
            </Button>
          </Box>
          <ActionConfirm
            open={asking}
            busy={busy}
            title={t('billing.credit.chargeConfirmTitle')}
            content={t('billing.credit.chargeConfirmBody', { amount: formatNumber(totals.amount), total: formatNumber(totals.total) })}
            confirm={t('billing.credit.chargeConfirm')}
            cancel={t('billing.credit.cancel')}
            onConfirm={() => void charge()}
            onClose={() => setAsking(false)}
          />
        </Stack>
      ) : (
        <Typography variant="body2" color="error">{MSG.genericErrorMessage}</Typography>
      )}
      <CardDialogs open={cardsOpen} onClose={() => setCardsOpen(false)} />
      {account.data && autoOpen && <AutoChargeDialog open onClose={() => setAutoOpen(false)} account={account.data} />}
    </Section>
  );
}

const chargeIdxOf = (g: TransactionGroup) => (g.groupKey.startsWith('charge:') ? Number(g.groupKey.slice('charge:'.length)) : null);

function TransactionsSection() {
  const t = useShellText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const today = seoulToday(clock.now());
  const [start, setStart] = useState(addDays(today, -DEFAULT_RANGE_DAYS));
  const [end, setEnd] = useState(today);
  const groups = useTransactionGroups(start, end);
  const [failure, setFailure] = useState<string | null>(null);
  // The charge whose 환불 was pressed: refunded only after 환불하기 in the confirmation (issue 23 item 13).
  const [refunding, setRefunding] = useState<{ idx: number; group: TransactionGroup } | null>(null);
  const [busy, setBusy] = useState(false);

  const refund = async (idx: number) => {
    setFailure(null);
    setBusy(true);
    try {
      await apiRequest(`/account/charge/${idx}/refund`, { base: 'credit', method: 'POST' });
    } catch (err) {
      setFailure(err instanceof ApiRequestError && err.status > 0 && err.status < 500 ? err.message : MSG.genericErrorMessage);
      return;
    } finally {
      setBusy(false);
      setRefunding(null);
    }
    notify(t('billing.credit.refunded'), { type: 'success' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CREDIT_ACCOUNT_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    ]);
  };

  return (
    <Section title={t('billing.credit.transactions')} id="credit-transactions">
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <TextField type="date" size="small" label={t('billing.credit.start')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" size="small" label={t('billing.credit.end')} value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      {failure && <Alert severity="error" sx={{ mb: 1 }}>{failure}</Alert>}
      {!start || !end ? (
        <Typography variant="body2" color="text.secondary">{t('billing.credit.rangeMissing')}</Typography>
      ) : groups.isPending ? (
        <PageLoading />
      ) : groups.isError ? (
        <Typography variant="body2" color="error">{groups.error instanceof ApiRequestError ? groups.error.message : MSG.genericErrorMessage}</Typography>
      ) : groups.data.list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('billing.credit.transactionsEmpty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('billing.credit.transactions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.credit.startedAt')}</TableCell>
              <TableCell>{t('billing.credit.type')}</TableCell>
              <TableCell>{t('billing.credit.status')}</TableCell>
              <TableCell align="right">{t('billing.credit.net')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.data.list.map((g) => {
              const idx = chargeIdxOf(g);
              return (
                <TableRow key={g.groupKey}>
                  <TableCell>{seoulDateTime(g.startedAt)}</TableCell>
                  <TableCell>{t(`billing.credit.types.${g.type}`)}</TableCell>
                  <TableCell>{t(`billing.credit.statuses.${g.status}`)}</TableCell>
                  <TableCell align="right">{t('billing.credit.won', { amount: formatNumber(g.amount) })}</TableCell>
                  <TableCell align="right">
                    {/* Offered only where the server says the refund would go through: paid, within 7 days, unused (spec 1 §9). */}
                    {g.refundable === true && idx !== null && (
                      <Button
                        size="small"
                        onClick={() => setRefunding({ idx, group: g })}
                        aria-label={t('billing.credit.refundAria', { date: seoulDateTime(g.startedAt), amount: formatNumber(g.amount) })}
                      >
                        {t('billing.credit.refund')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <ActionConfirm
        open={refunding !== null}
        busy={busy}
        title={t('billing.credit.refundConfirmTitle')}
        content={refunding ? t('billing.credit.refundConfirmBody', {
          date: seoulDateTime(refunding.group.startedAt), amount: formatNumber(refunding.group.amount), total: formatNumber(chargeTotalOf(refunding.group.amount).total),
        }) : ''}
        confirm={t('billing.credit.refundConfirm')}
        cancel={t('billing.credit.cancel')}
        onConfirm={() => { if (refunding) void refund(refunding.idx); }}
        onClose={() => setRefunding(null)}
      />
    </Section>
  );
}

/** /b2b/payment/subscribe?mode=credit: charge prepaid credit (VAT 10% extra), auto top-up, and the grouped transactions. */
export function CreditPage() {
  return (
    <PageShell titleKey="app.payment.title" maxWidth={1100}>
      <ChargeSection />
      <TransactionsSection />
    </PageShell>
  );
}
