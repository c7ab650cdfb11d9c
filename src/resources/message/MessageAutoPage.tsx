import { Alert, Button, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { autoSendLabel, type Schedule } from '../../domain/message';
import { formatNumber } from '../../domain/format';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { ScrollRegion } from '../../framework/ScrollRegion';
import { AUTO_LIST_KEY, autoDetailPath, MESSAGE_AUTO_NEW_PATH, messageApi, templatesPath } from './api';
import { AutoToggle } from './AutoToggle';

/**
 * /b2b/message/auto (spec 3 §2, §4; issue 25 item 4): the automatic messages with their ON/OFF
 * switch, kind, when they go, what they sent and cost; each opens its detail (runs and results).
 */
export function MessageAutoPage() {
  const translate = useTranslate();
  const list = useQuery({ queryKey: AUTO_LIST_KEY, queryFn: ({ signal }) => messageApi.campaigns({ page: 1, pageSize: 100, kind: 'AUTO' }, signal), retry: false });
  return (
    <PageShell
      titleKey="message.autoTitle" maxWidth={1080}
      actions={(
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={templatesPath('auto')}>{translate('message.templates')}</Button>
          <Button variant="contained" component={RouterLink} to={MESSAGE_AUTO_NEW_PATH}>{translate('message.autoRegister')}</Button>
        </Stack>
      )}
    >
      {list.isPending ? <PageLoading /> : !list.data?.list.length ? <Alert severity="info">{translate('message.autoEmpty')}</Alert> : (
        <ScrollRegion label={translate('message.autoTitle')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('message.col.title')}</TableCell>
                <TableCell>{translate('message.autoCol.class')}</TableCell>
                <TableCell>{translate('message.col.type')}</TableCell>
                <TableCell>{translate('message.autoCol.schedule')}</TableCell>
                <TableCell>{translate('message.col.sendCount')}</TableCell>
                <TableCell>{translate('message.col.cost')}</TableCell>
                <TableCell>{translate('message.autoCol.autoState')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.list.map((c) => (
                <TableRow key={c.idx} data-testid="auto-row">
                  <TableCell><Link component={RouterLink} to={autoDetailPath(c.idx)}>{c.basicMessageTitle}</Link></TableCell>
                  <TableCell>{translate(`message.autoClassName.${c.templateTalkClass}`, { _: c.templateTalkClass })}</TableCell>
                  <TableCell>{translate(`message.type.${c.messageType}`)}</TableCell>
                  <TableCell>{autoSendLabel((c.payload.schedule ?? { sendType: 'TIME', sendTime: '11:00' }) as Schedule)}</TableCell>
                  <TableCell>{formatNumber(c.sendCount)}</TableCell>
                  <TableCell>{translate('message.won', { amount: formatNumber(c.messageCost) })}</TableCell>
                  <TableCell><AutoToggle campaign={c} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </PageShell>
  );
}

export default MessageAutoPage;
