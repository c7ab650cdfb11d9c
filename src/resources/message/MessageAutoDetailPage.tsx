import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { autoSendLabel, type Schedule } from '../../domain/message';
import { formatNumber } from '../../domain/format';
import { seoulDateTime } from '../../domain/seoulDay';
import { ActionConfirm, BackToListButton, DetailRow, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { ScrollRegion } from '../../framework/ScrollRegion';
import { submissionErrors } from '../../framework/formErrors';
import { CREDIT_ACCOUNT_QUERY_KEY } from '../../custom/payment/paymentApi';
import { AUTO_LIST_KEY, autoEditPath, MESSAGE_AUTO_PATH, messageApi } from './api';
import { AutoToggle } from './AutoToggle';

type Action = 'test' | 'remove';

/**
 * /b2b/message/auto/detail/{idx} (issue 25 item 4): an automatic message's switch, kind, schedule
 * and totals, and its runs (batches PENDING → PROCESSING → COMPLETED) with their counts. While it is
 * ON the runs are asked again every 5 s. Test send (paid) and delete (only OFF and never run) are
 * confirmed.
 */
export function MessageAutoDetailPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const idx = Number(useParams().id);
  const valid = Number.isSafeInteger(idx) && idx > 0;
  const key = ['message', 'campaign', idx];
  const campaign = useQuery({ queryKey: key, queryFn: ({ signal }) => messageApi.campaign(idx, signal), enabled: valid, retry: false });
  const on = campaign.data?.autoState === 'ON';
  const batches = useQuery({
    queryKey: [...key, 'batches'], queryFn: ({ signal }) => messageApi.batches(idx, signal), enabled: valid && campaign.isSuccess, retry: false,
    refetchInterval: on ? 5000 : false,
  });
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);

  if (!valid || campaign.isError || (campaign.data && campaign.data.kind !== 'AUTO')) {
    return (
      <PageShell titleKey="message.detailTitle">
        <Alert severity="warning">{translate('message.notFound')}</Alert>
        <BackToListButton to={MESSAGE_AUTO_PATH} label="message.toList" />
      </PageShell>
    );
  }
  if (campaign.isPending) return <PageLoading />;
  const c = campaign.data;
  const schedule = (c.payload.schedule ?? { sendType: 'TIME', sendTime: '11:00' }) as Schedule;

  const run = async () => {
    setBusy(true);
    try {
      if (action === 'test') {
        const r = await messageApi.test(idx);
        notify(r.status === 'SENT' ? translate('message.testSent', { phone: r.phone, cost: formatNumber(r.cost) }) : 'message.testFailed', { type: r.status === 'SENT' ? 'success' : 'warning' });
        await client.invalidateQueries({ queryKey: CREDIT_ACCOUNT_QUERY_KEY });
      } else if (action === 'remove') {
        await messageApi.remove(idx);
        await client.invalidateQueries({ queryKey: AUTO_LIST_KEY });
        notify('message.removed', { type: 'success' });
        navigate(MESSAGE_AUTO_PATH);
      }
    } catch (err) {
      submissionErrors(err, { present: true });
    } finally {
      setBusy(false);
      setAction(null);
    }
  };

  return (
    <PageShell title={c.basicMessageTitle} maxWidth={1080}>
      <Stack spacing={2}>
        <Section title={translate('message.detailTitle')}>
          <Box component="dl" sx={{ m: 0 }}>
            <DetailRow label={translate('message.autoCol.autoState')}><AutoToggle campaign={c} /></DetailRow>
            <DetailRow label={translate('message.autoCol.class')}>{translate(`message.autoClassName.${c.templateTalkClass}`, { _: c.templateTalkClass })}</DetailRow>
            <DetailRow label={translate('message.col.type')}>{translate(`message.type.${c.messageType}`)}</DetailRow>
            <DetailRow label={translate('message.autoCol.schedule')}>{autoSendLabel(schedule)} · {translate(`message.repeat.${schedule.repeatType === 'REPEAT' ? 'REPEAT' : 'ONCE'}`)}</DetailRow>
            <DetailRow label={translate('message.col.sendCount')}>
              {translate('message.counts', { send: c.sendCount, success: c.successCount, fail: c.failCount, replace: c.replaceSendCount, unsent: c.unsentCount })}
            </DetailRow>
            <DetailRow label={translate('message.cost')}>{translate('message.won', { amount: formatNumber(c.messageCost) })}</DetailRow>
          </Box>
          <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" component={RouterLink} to={autoEditPath(idx)}>{translate('message.edit')}</Button>
            <Button variant="outlined" onClick={() => setAction('test')}>{translate('message.test')}</Button>
            {!on ? <Button color="error" onClick={() => setAction('remove')}>{translate('message.remove')}</Button> : null}
          </Stack>
        </Section>
        <Section title={translate('message.batches')}>
          {batches.data?.list.length ? (
            <ScrollRegion label={translate('message.batches')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {(['runKey', 'status', 'target', 'sent', 'cost', 'notice'] as const).map((k) => <TableCell key={k}>{translate(`message.batch.${k}`)}</TableCell>)}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {batches.data.list.map((b) => (
                    <TableRow key={b.idx} data-testid="auto-batch">
                      <TableCell>{b.runKey.replace('T', ' ')}{b.completedAt ? <Typography variant="caption" display="block" color="text.secondary">{seoulDateTime(b.completedAt)}</Typography> : null}</TableCell>
                      <TableCell><Chip size="small" label={translate(`message.batchStatus.${b.status}`)} /></TableCell>
                      <TableCell>{formatNumber(b.targetCount)}</TableCell>
                      <TableCell>{translate('message.counts', { send: b.sendCount, success: b.successCount, fail: b.failCount, replace: 0, unsent: b.unsentCount })}</TableCell>
                      <TableCell>{translate('message.won', { amount: formatNumber(b.messageCost) })}</TableCell>
                      <TableCell>{b.notice ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
          ) : <Typography variant="body2" color="text.secondary">{translate('message.batchesEmpty')}</Typography>}
        </Section>
        <BackToListButton to={MESSAGE_AUTO_PATH} label="message.toList" />
      </Stack>
      {action ? (
        <ActionConfirm open title={translate(action === 'test' ? 'message.testConfirmTitle' : 'message.removeConfirmTitle')}
          content={translate(action === 'test' ? 'message.testConfirm' : 'message.autoRemoveConfirm')} confirm={action === 'test' ? 'message.test' : 'message.remove'}
          cancel="message.confirmCancel" busy={busy} onConfirm={() => void run()} onClose={() => setAction(null)} />
      ) : null}
    </PageShell>
  );
}

export default MessageAutoDetailPage;
