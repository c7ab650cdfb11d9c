import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { formatNumber } from '../../domain/format';
import { formatPhone } from '../../domain/patterns';
import { seoulDateTime } from '../../domain/seoulDay';
import { ActionConfirm, BackToListButton, DetailRow, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { ScrollRegion } from '../../framework/ScrollRegion';
import { submissionErrors } from '../../framework/formErrors';
import { CREDIT_ACCOUNT_QUERY_KEY } from '../../custom/payment/paymentApi';
import { MESSAGE_TEMP_PATH, messageApi } from './api';

type Action = 'test' | 'schedule' | 'cancel' | 'remove';

/**
 * /b2b/message/temp/detail/{idx} (issue 25): a campaign's state, counts and per-recipient results;
 * a draft is test-sent to the admin's phone and scheduled (both paid, both confirmed), a scheduled
 * one cancelled. While it is scheduled or sending the page asks again every 3 s; when it is sent the
 * balance box is refreshed.
 */
export function MessageDetailPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const idx = Number(useParams().id);
  const valid = Number.isSafeInteger(idx) && idx > 0;
  const key = ['message', 'campaign', idx];
  const campaign = useQuery({
    queryKey: key, queryFn: ({ signal }) => messageApi.campaign(idx, signal), enabled: valid, retry: false,
    refetchInterval: (q) => (q.state.data && ['SCHEDULED', 'SENDING'].includes(q.state.data.basicMessageStatus) ? 3000 : false),
  });
  const status = campaign.data?.basicMessageStatus;
  const recipients = useQuery({ queryKey: [...key, 'recipients', status], queryFn: ({ signal }) => messageApi.recipients(idx, signal), enabled: valid && Boolean(status) && status !== 'DRAFT', retry: false });
  const estimate = useQuery({
    queryKey: [...key, 'estimate'], enabled: status === 'DRAFT', retry: false,
    queryFn: ({ signal }) => {
      const p = campaign.data!.payload as { basicInfo: { messageType: string }; recipient: unknown; messageContent: { content: string }; smsFallback: unknown };
      return messageApi.estimate({ messageType: p.basicInfo.messageType, recipient: p.recipient, content: p.messageContent.content, smsFallback: p.smsFallback }, signal);
    },
  });
  useEffect(() => {
    if (status === 'SENT') void client.invalidateQueries({ queryKey: CREDIT_ACCOUNT_QUERY_KEY });
  }, [status, client]);
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);

  if (!valid || campaign.isError) {
    return (
      <PageShell titleKey="message.detailTitle">
        <Alert severity="warning">{translate('message.notFound')}</Alert>
        <BackToListButton to={MESSAGE_TEMP_PATH} label="message.toList" />
      </PageShell>
    );
  }
  if (campaign.isPending) return <PageLoading />;
  const c = campaign.data;

  const run = async () => {
    setBusy(true);
    try {
      if (action === 'test') {
        const r = await messageApi.test(idx);
        notify(r.status === 'SENT' ? translate('message.testSent', { phone: r.phone, cost: formatNumber(r.cost) }) : 'message.testFailed', { type: r.status === 'SENT' ? 'success' : 'warning' });
        await client.invalidateQueries({ queryKey: CREDIT_ACCOUNT_QUERY_KEY });
      } else if (action === 'schedule') {
        const r = await messageApi.schedule(idx);
        client.setQueryData(key, r.campaign);
        notify(r.campaign.notice ?? 'message.scheduled', { type: r.campaign.held ? 'info' : 'success' });
      } else if (action === 'cancel') {
        client.setQueryData(key, await messageApi.cancel(idx));
        notify('message.canceled', { type: 'success' });
      } else if (action === 'remove') {
        await messageApi.remove(idx);
        notify('message.removed', { type: 'success' });
        navigate(MESSAGE_TEMP_PATH);
      }
    } catch (err) {
      submissionErrors(err, { present: true });
    } finally {
      setBusy(false);
      setAction(null);
    }
  };

  const confirmText: Record<Action, string> = {
    test: translate('message.testConfirm'),
    schedule: translate('message.scheduleConfirm', { count: formatNumber(estimate.data?.estimatedCustomerCount ?? 0), cost: formatNumber(estimate.data?.estimatedCost ?? 0) }),
    cancel: translate('message.cancelConfirm'),
    remove: translate('message.removeConfirm'),
  };
  const actionLabel: Record<Action, string> = { test: 'message.test', schedule: 'message.schedule', cancel: 'message.cancel', remove: 'message.remove' };

  return (
    <PageShell title={c.basicMessageTitle} maxWidth={1080}>
      <Stack spacing={2}>
        {c.notice ? <Alert severity={c.held ? 'info' : 'warning'} data-testid="message-notice">{c.notice}</Alert> : null}
        <Section title={translate('message.detailTitle')}>
          <Box component="dl" sx={{ m: 0 }}>
            <DetailRow label={translate('message.col.status')}><Chip size="small" label={translate(`message.status.${c.basicMessageStatus}`)} data-testid="message-status" /></DetailRow>
            <DetailRow label={translate('message.col.type')}>{translate(`message.type.${c.messageType}`)}</DetailRow>
            <DetailRow label={translate('message.col.sendDate')}>{c.sendDate ? seoulDateTime(c.sendDate) : ''}</DetailRow>
            <DetailRow label={translate('message.col.sendCount')}>
              {translate('message.counts', { send: c.sendCount, success: c.successCount, fail: c.failCount, replace: c.replaceSendCount, unsent: c.unsentCount })}
            </DetailRow>
            <DetailRow label={translate('message.cost')}>{translate('message.won', { amount: formatNumber(c.messageCost) })}</DetailRow>
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            {c.basicMessageStatus === 'DRAFT' ? (
              <>
                <Button variant="outlined" onClick={() => setAction('test')}>{translate('message.test')}</Button>
                <Button variant="contained" onClick={() => setAction('schedule')}>{translate('message.schedule')}</Button>
                <Button color="error" onClick={() => setAction('remove')}>{translate('message.remove')}</Button>
              </>
            ) : null}
            {c.basicMessageStatus === 'SCHEDULED' ? <Button color="error" variant="outlined" onClick={() => setAction('cancel')}>{translate('message.cancel')}</Button> : null}
          </Stack>
        </Section>
        {c.basicMessageStatus === 'SENDING' || c.basicMessageStatus === 'SENT' ? (
          <Section title={translate('message.performance')}>
            <Box component="dl" sx={{ m: 0 }} data-testid="message-performance">
              <DetailRow label={translate('message.clickRate')}>{translate('message.clickRateValue', { rate: c.clickRate, count: formatNumber(c.clickCount) })}</DetailRow>
              <DetailRow label={translate('message.attributedOrders')}>
                {translate('message.attributedOrdersValue', { orders: formatNumber(c.attributedOrders), revenue: formatNumber(c.attributedRevenue) })}
              </DetailRow>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('message.attributionNote', { days: c.attributionDays })}</Typography>
          </Section>
        ) : null}
        {c.basicMessageStatus !== 'DRAFT' ? (
          <Section title={translate('message.results')}>
            {recipients.data?.list.length ? (
              <ScrollRegion label={translate('message.results')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      {(['name', 'phone', 'status', 'kind', 'cost'] as const).map((k) => <TableCell key={k}>{translate(`message.recipient.${k}`)}</TableCell>)}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {recipients.data.list.map((r) => (
                      <TableRow key={r.customerIdx} data-testid="message-recipient">
                        <TableCell>{r.name}</TableCell>
                        <TableCell>{formatPhone(r.phone)}</TableCell>
                        <TableCell>{translate(`message.recipientStatus.${r.status}`)}</TableCell>
                        <TableCell>{r.sentKind ?? '-'}</TableCell>
                        <TableCell>{translate('message.won', { amount: formatNumber(r.cost) })}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollRegion>
            ) : <Typography variant="body2" color="text.secondary">{translate('message.resultsEmpty')}</Typography>}
          </Section>
        ) : null}
        <BackToListButton to={MESSAGE_TEMP_PATH} label="message.toList" />
      </Stack>
      {action ? (
        <ActionConfirm open title={translate(`message.${action}ConfirmTitle`)} content={confirmText[action]} confirm={actionLabel[action]} cancel="message.confirmCancel"
          busy={busy} onConfirm={() => void run()} onClose={() => setAction(null)} />
      ) : null}
    </PageShell>
  );
}

export default MessageDetailPage;
