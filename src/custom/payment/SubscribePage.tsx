import { useCallback, useState } from 'react';
import { Box, Button, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../domain/format';
import { apiRequest } from '../../providers/http';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { CreditPage } from './CreditPage';
import { CardDialogs } from './CardListDialog';
import { useShellText } from '../../layout/useShellText';
import { SUBSCRIBABLE_GROUPS, isPlanInUse, type SubscriptionStatus } from '../../domain/subscription';
import type { PlanGroup } from '../../domain/plans';
import { PAYMENT_METHODS_QUERY_KEY, usePaymentMethods } from './paymentApi';
import { BillsSection } from './BillsSection';
import { CancelSubscriptionButton, SubscribeConfirmDialog, seoulDay, type SubscribeTarget } from './SubscribeDialogs';

export interface Plan {
  groupId: string;
  planId: string | number;
  name?: string;
  price: number;
  level: number;
  plusList?: unknown[];
}

export interface Subscription {
  state?: string | null;
  /** The one status shown, computed by the server with its clock (src/domain/subscription.ts `subscriptionStatusOf`). */
  status?: SubscriptionStatus | null;
  planGroup?: string;
  planName?: string;
  plan?: { groupId?: string; name?: string };
  startDate?: string | null;
  endDate?: string | null;
  isCanceled?: boolean;
}

const day = seoulDay;
const STATUS_COLOR: Record<SubscriptionStatus, 'primary' | 'warning' | 'default'> = {
  ENTERPRISE: 'primary', TRIAL: 'primary', CHARGED: 'primary', CANCEL_SCHEDULED: 'warning', TRIAL_FINISHED: 'default', CHARGED_PLAN_FINISHED: 'default',
};

export function usePlans() {
  return useQuery({
    queryKey: ['payment', 'plans'],
    queryFn: async ({ signal }) => {
      const data = await apiRequest<{ list: Plan[] } | Plan[]>('/v2/plan', { base: 'payment', query: { isActivated: 'Y' }, signal });
      const list = Array.isArray(data) ? data : (data?.list ?? []);
      return [...list].sort((a, b) => a.level - b.level);
    },
  });
}

export function useSubscription() {
  return useQuery({
    queryKey: ['payment', 'subscription'],
    queryFn: ({ signal }) => apiRequest<Subscription | null>('/v2/subscription', { base: 'payment', signal }).then((s) => s ?? null),
  });
}

function CurrentSubscription({ sub }: { sub: Subscription | null }) {
  const translate = useTranslate();
  if (!sub) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.payment.noSubscription')}
      </Typography>
    );
  }
  const group = sub.plan?.groupId ?? sub.planGroup;
  const name = sub.planName ?? sub.plan?.name ?? group;
  // One status chip, as the server computed it: never 구독 종료 beside 해지 예약됨.
  const status = sub.status ?? null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="subscription-status-row">
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        {status && <Chip size="small" color={STATUS_COLOR[status]} variant="outlined" label={translate(`app.subscriptionState.${status}`, { _: status })} data-testid="subscription-status" />}
      </Stack>
      {status === 'CANCEL_SCHEDULED' && (
        <Typography variant="body2" color="warning.main" data-testid="runs-to-end">
          {translate('app.payment.runsToEnd', { end: day(sub.endDate) })}
        </Typography>
      )}
      {(sub.startDate || sub.endDate) && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.payment.period')}: {day(sub.startDate)} ~ {day(sub.endDate)}
        </Typography>
      )}
      {status === 'CHARGED' && (
        <Box sx={{ pt: 1 }}>
          <CancelSubscriptionButton endDate={sub.endDate} />
        </Box>
      )}
    </Stack>
  );
}

function PlanCard({ plan, current, action, onAction }: { plan: Plan; current: boolean; action: 'subscribe' | 'change' | null; onAction: () => void }) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, borderRadius: 3, height: '100%', boxSizing: 'border-box', borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {plan.name ?? plan.groupId}
        </Typography>
        {current && <Chip size="small" color="primary" label={translate('app.payment.current')} />}
      </Stack>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {plan.price > 0
          ? translate('app.payment.perMonth', { price: formatNumber(plan.price) })
          : translate(plan.groupId === 'ENTERPRISE' ? 'app.payment.contact' : 'app.payment.free')}
      </Typography>
      {action && (
        <Button sx={{ mt: 2 }} fullWidth variant={current ? 'outlined' : 'contained'} disableElevation onClick={onAction} aria-label={`${plan.name ?? plan.groupId} ${translate(`app.payment.${action}`)}`}>
          {translate(`app.payment.${action}`)}
        </Button>
      )}
    </Paper>
  );
}

/** /b2b/payment/subscribe: plans and the current subscription; with `?mode=credit` the prepaid credit page. */
export function SubscribePage() {
  const [params] = useSearchParams();
  return params.get('mode') === 'credit' ? <CreditPage /> : <PlansPage />;
}

/** The payment cards of the plans page (spec 1 §2.7): the card list, or the add-card dialog without a card. */
function CardsSection({ open, setOpen, onRegistered }: { open: boolean; setOpen: (open: boolean) => void; onRegistered: () => void }) {
  const t = useShellText();
  return (
    <Section title={t('billing.cards.listTitle')} id="payment-cards">
      <Button variant="outlined" onClick={() => setOpen(true)}>{t('billing.credit.cardsButton')}</Button>
      <CardDialogs open={open} onClose={() => setOpen(false)} onRegistered={onRegistered} />
    </Section>
  );
}

function PlansPage() {
  const translate = useTranslate();
  const plans = usePlans();
  const subscription = useSubscription();
  const currentGroup = subscription.data ? (subscription.data.plan?.groupId ?? subscription.data.planGroup) : undefined;
  const methods = usePaymentMethods();
  const [cardsOpen, setCardsOpen] = useState(false);
  const [target, setTarget] = useState<SubscribeTarget | null>(null);
  // The plan chosen without a card: once a card is registered, its confirmation opens by itself.
  const [pending, setPending] = useState<SubscribeTarget | null>(null);
  const queryClient = useQueryClient();
  const needCard = useCallback(() => {
    // The server found no card although the list had one (deleted elsewhere): read the list again.
    setTarget(null);
    void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
    setCardsOpen(true);
  }, [queryClient]);

  const sub = subscription.data ?? null;
  // 이용 중 only while the plan is in use: not after a trial or a paid period ended (the server's status says which).
  const inUseGroup = sub && isPlanInUse(sub.status ?? null) ? currentGroup : undefined;
  // 변경하기 while a paid period runs (or a trial/ended one: 구독하기); the running plan itself only to resume a cancellation.
  const paid = sub?.state === 'CHARGED';
  const actionOf = (plan: Plan): 'subscribe' | 'change' | null => {
    if (!SUBSCRIBABLE_GROUPS.includes(plan.groupId as PlanGroup) || !subscription.isSuccess) return null;
    if (plan.groupId === currentGroup && paid) return sub?.isCanceled ? 'subscribe' : null;
    return paid ? 'change' : 'subscribe';
  };
  const open = (plan: Plan) => {
    const chosen = { planId: String(plan.planId), name: plan.name ?? plan.groupId };
    if (methods.isSuccess && methods.data.list.length === 0) {
      setPending(chosen);
      setCardsOpen(true);
      return;
    }
    setTarget(chosen);
  };
  return (
    <PageShell titleKey="app.payment.title" maxWidth={1100}>
      <Section title={translate('app.payment.currentTitle')} id="payment-current">
        {subscription.isPending ? (
          <PageLoading />
        ) : subscription.isError ? (
          <Typography variant="body2" color="error">
            {translate('app.payment.loadFailed')}
          </Typography>
        ) : (
          <CurrentSubscription sub={subscription.data ?? null} />
        )}
      </Section>
      <Section title={translate('app.payment.plansTitle')} id="payment-plans">
        {plans.isPending ? (
          <PageLoading />
        ) : plans.isError ? (
          <Typography variant="body2" color="error">
            {translate('app.payment.loadFailed')}
          </Typography>
        ) : plans.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.payment.plansEmpty')}
          </Typography>
        ) : (
          <Box>
            <Grid container spacing={2}>
              {plans.data.map((plan) => (
                <Grid key={String(plan.planId)} size={{ xs: 12, sm: 6, md: 3 }}>
                  <PlanCard plan={plan} current={plan.groupId === inUseGroup} action={actionOf(plan)} onAction={() => open(plan)} />
                </Grid>
              ))}
            </Grid>
          </Box>
        )}
      </Section>
      <CardsSection
        open={cardsOpen}
        setOpen={(o) => {
          setCardsOpen(o);
          if (!o) setPending(null);
        }}
        onRegistered={() => {
          if (!pending) return;
          setCardsOpen(false);
          setTarget(pending);
          setPending(null);
        }}
      />
      <BillsSection />
      {target && <SubscribeConfirmDialog target={target} onClose={() => setTarget(null)} onNeedCard={needCard} />}
    </PageShell>
  );
}

export default SubscribePage;
