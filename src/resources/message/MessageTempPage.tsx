import { Alert, Button, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '../../domain/format';
import { seoulDateTime } from '../../domain/seoulDay';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { ScrollRegion } from '../../framework/ScrollRegion';
import { MESSAGE_NEW_PATH, messageApi, messageDetailPath } from './api';

/** /b2b/message/temp (issue 25): the one-off campaigns, newest first, each opening its detail. */
export function MessageTempPage() {
  const translate = useTranslate();
  const list = useQuery({ queryKey: ['message', 'campaigns', 'TEMP'], queryFn: ({ signal }) => messageApi.campaigns({ page: 1, pageSize: 100, kind: 'TEMP' }, signal), retry: false });
  return (
    <PageShell titleKey="message.tempTitle" maxWidth={1080} actions={<Button variant="contained" component={RouterLink} to={MESSAGE_NEW_PATH}>{translate('message.compose')}</Button>}>
      {list.isPending ? <PageLoading /> : !list.data?.list.length ? <Alert severity="info">{translate('message.empty')}</Alert> : (
        <ScrollRegion label={translate('message.tempTitle')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {(['title', 'type', 'status', 'sendDate', 'sendCount', 'cost'] as const).map((k) => <TableCell key={k}>{translate(`message.col.${k}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.list.map((c) => (
                <TableRow key={c.idx}>
                  <TableCell><Link component={RouterLink} to={messageDetailPath(c.idx)}>{c.basicMessageTitle}</Link></TableCell>
                  <TableCell>{translate(`message.type.${c.messageType}`)}</TableCell>
                  <TableCell><Chip size="small" label={translate(`message.status.${c.basicMessageStatus}`)} /></TableCell>
                  <TableCell>{c.sendDate ? seoulDateTime(c.sendDate) : '-'}</TableCell>
                  <TableCell>{formatNumber(c.sendCount)}</TableCell>
                  <TableCell>{translate('message.won', { amount: formatNumber(c.messageCost) })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </PageShell>
  );
}

export default MessageTempPage;
