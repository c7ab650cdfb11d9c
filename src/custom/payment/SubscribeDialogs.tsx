import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '../../domain/format';
import { MSG } from '../../domain/messages';
import { SUBSCRIPTION_MSG, prorationLines, quoteDirection, type Quote, type QuoteDirection } from '../../domain/subscription';
import { seoulDate } from '../../domain/seoulDay';
import { forgetIdentity } from '../../authProvider';
import { usePartnership } from '../../authProvider/usePartnership';
import { ApiRequestError, apiRequest } from '../../providers/http';
import { PageLoading } from '../../framework/PageStates';
import { newIdempotencyKey } from './paymentApi';

/** Days as every payment screen shows them: 2026-11-27 (src/domain/seoulDay.ts, the Seoul calendar). */
const day = (iso?: string | null) => (iso ? seoulDate(iso) : '');

/** The dialog's words by where the money goes (issue 23 item 10): 결제 only when the card is charged; 변경/환불 when money comes back. */
const WORDS: Record<QuoteDirection, { title: string; confirm: string; done: string }> = {
  PAY: { title: 'app.payment.confirmTitle', confirm: 'app.payment.confirm', done: 'app.payment.subscribed' },
  REFUND: { title: 'app.payment.changeTitle', confirm: 'app.payment.confirmChange', done: 'app.payment.changedRefund' },
  NONE: { title: 'app.payment.resumeTitle', confirm: 'app.payment.confirmResume', done: 'app.payment.resumed' },
};

/** What a failed payment call shows: a 4xx's own message (a declined card's is the provider's), else the generic text. */
const failureText = (err: unknown) =>
  err instanceof ApiRequestError && ((err.status >= 400 && err.status < 500) || err.code === 'PAYMENT_FAILED') ? err.message : MSG.genericErrorMessage;

/** After a subscription change: the page's queries and the identity (subscription state → banner, menus, gates). */
function useSubscriptionRefresh() {
  const queryClient = useQueryClient();
  const { refetch } = usePartnership();
  return async () => {
    // The identity is cached per session token: drop it so the refetch reads the new subscription state.
    forgetIdentity();
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['payment'] }), Promise.resolve(refetch())]);
  };
}

export interface SubscribeTarget {
  planId: string;
  name: string;
}

/**
 * The confirmation of 구독하기/변경하기: the calculator's amount (proration on a change, VAT included),
 * then POST /v2/subscription with one Idempotency-Key per dialog. No card (409) hands over to the
 * add-card dialog through `onNeedCard`; a declined card shows the provider's message.
 */
export function SubscribeConfirmDialog({ target, onClose, onNeedCard }: { target: SubscribeTarget; onClose: () => void; onNeedCard: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useSubscriptionRefresh();
  const queryClient = useQueryClient();
  const key = useMemo(() => newIdempotencyKey(), []);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const calc = useQuery({
    queryKey: ['payment', 'calculator', target.planId],
    queryFn: ({ signal }) => apiRequest<Quote>('/v2/subscription/calculator', { base: 'payment', method: 'POST', body: { planId: target.planId }, signal }),
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (calc.error instanceof ApiRequestError && calc.error.message === SUBSCRIPTION_MSG.cardRequired) onNeedCard();
  }, [calc.error, onNeedCard]);

  const q = calc.data;
  const words = WORDS[q ? quoteDirection(q) : 'PAY'];
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest('/v2/subscription', { base: 'payment', method: 'POST', body: { planId: target.planId }, headers: { 'Idempotency-Key': key } });
      notify(translate(words.done), { type: 'success' });
      onClose();
      await refresh();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409 && err.message === SUBSCRIPTION_MSG.cardRequired) {
        onNeedCard();
        return;
      }
      setFailure(failureText(err));
      // A declined charge keeps a `fail` bill: the list shows it.
      void queryClient.invalidateQueries({ queryKey: ['payment', 'bills'] });
    } finally {
      setBusy(false);
    }
  };

  const won = (n: number) => translate('app.payment.won', { amount: formatNumber(n) });
  const lines = q ? prorationLines(q) : [];
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="subscribe-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="subscribe-dialog-title">{translate(words.title, { plan: target.name })}</DialogTitle>
      <DialogContent>
        {calc.isPending ? (
          <PageLoading />
        ) : calc.isError ? (
          <Alert severity="error">{failureText(calc.error)}</Alert>
        ) : q ? (
          <Stack spacing={1}>
            <Typography variant="body2">{translate(`app.payment.kind${q.kind}`, { days: q.remainingDays ?? 0 })}</Typography>
            {lines.length > 0 && (
              <Table size="small" aria-label={translate('app.payment.prorationTitle')}>
                <TableBody>
                  {lines.map((l) => (
                    <TableRow key={l.kind} data-testid={`proration-${l.kind.toLowerCase()}`}>
                      <TableCell sx={{ px: 0 }}>
                        {translate(l.kind === 'CHARGE' ? 'app.payment.prorationCharge' : 'app.payment.prorationCredit', {
                          plan: l.planName, days: l.days, period: l.periodDays, price: formatNumber(l.monthlyPrice),
                        })}
                      </TableCell>
                      <TableCell align="right" sx={{ px: 0, whiteSpace: 'nowrap' }}>
                        {translate(l.kind === 'CHARGE' ? 'app.payment.plusWon' : 'app.payment.minusWon', { amount: formatNumber(l.amount) })}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {q.totalAmount !== 0 && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {translate(q.totalAmount < 0 ? 'app.payment.refundAmount' : 'app.payment.amount')}
                </Typography>
                <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="subscribe-total">
                  {won(Math.abs(q.totalAmount))}
                </Typography>
                <Typography variant="caption" color="text.secondary">{translate('app.payment.vatPart', { vat: formatNumber(Math.abs(q.vat)) })}</Typography>
              </>
            )}
            <Typography variant="body2">{translate('app.payment.periodUntil', { end: day(q.endDate) })}</Typography>
          </Stack>
        ) : null}
        {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>{translate('app.payment.cancelAction')}</Button>
        <Button variant="contained" disableElevation onClick={() => void confirm()} disabled={busy || !q}>
          {translate(words.confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 구독 해지 with a confirmation: DELETE /v2/subscription, which runs the subscription to its period's end. */
export function CancelSubscriptionButton({ endDate }: { endDate?: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useSubscriptionRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest('/v2/subscription', { base: 'payment', method: 'DELETE' });
      notify(translate('app.payment.canceledDone'), { type: 'success' });
      setOpen(false);
      await refresh();
    } catch (err) {
      setFailure(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>{translate('app.payment.cancelSubscription')}</Button>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} aria-labelledby="cancel-subscription-title" maxWidth="xs" fullWidth>
        <DialogTitle id="cancel-subscription-title">{translate('app.payment.cancelTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">{translate('app.payment.cancelBody', { end: day(endDate) })}</Typography>
          {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit" disabled={busy}>{translate('app.payment.cancelKeep')}</Button>
          <Button variant="contained" color="error" disableElevation onClick={() => void cancel()} disabled={busy}>
            {translate('app.payment.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export { day as seoulDay };
