import { useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { NotFoundDialog, useGoBack, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { submissionErrors } from '../../framework/formErrors';
import { MEMBERSHIP_ISSUE_MSG } from '../../domain/membershipIssue';
import { NFT_ISSUED_STATUSES } from '../../domain/guarantee';
import { seoulDate, seoulDateTime } from '../../domain/seoulDay';
import { bulkStop, phoneText, routeLabel } from '../guarantee/api';
import { StatusChip } from '../guarantee/common';
import { L, MEMBERSHIP_NFT, MEMBERSHIP_NFT_API, MEMBERSHIP_NFT_PATH, type IssuedMembership } from './api';

/** '존재하지 않는 멤버십 발급 내역이에요' with 확인, which goes back. */
export function MembershipIssueNotFound() {
  const goBack = useGoBack(MEMBERSHIP_NFT_PATH);
  return <NotFoundDialog message={MEMBERSHIP_ISSUE_MSG.notFound} onClose={goBack} />;
}

const stateColor = { issuing: 'success', expired: 'default', stop: 'warning' } as const;

/** /b2b/membership/guarantee/{idx}: the issued membership, its statuses (console and customer-facing), end, points and the coupons it gave; 수정 and 중지 (confirmed). */
export default function MembershipIssueShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const { record: m, notFound, refetch } = useRecordOr404<IssuedMembership>(MEMBERSHIP_NFT);
  const [confirming, setConfirming] = useState(false);
  if (notFound) return <MembershipIssueNotFound />;
  if (!m) return <PageLoading />;
  const t = (f: string) => translate(`${L}.fields.${f}`);
  const stoppable = m.membershipStatus !== 'stop' && (NFT_ISSUED_STATUSES as readonly number[]).includes(m.nftStatus);
  const stop = async () => {
    try {
      await bulkStop([m.idx], MEMBERSHIP_NFT_API);
      notify(`${L}.list.stopped`, { type: 'success' });
      await refetch();
    } catch (err) {
      submissionErrors(err, { present: true });
    }
    setConfirming(false);
  };
  const coupons = m.coupons ?? [];
  return (
    <PageShell
      titleKey={`${L}.show.title`}
      maxWidth={960}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`${MEMBERSHIP_NFT_PATH}/edit/${m.id}`} variant="contained" disableElevation>{translate(`${L}.show.edit`)}</Button>
          {stoppable && <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>{translate(`${L}.show.stop`)}</Button>}
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Box component="dl" sx={{ m: 0 }}>
          <DetailRow label={t('nftNumber')}>{m.nftNumber}</DetailRow>
          <DetailRow label={t('nftCardName')}>{m.nftCardName ?? ''}</DetailRow>
          <DetailRow label={t('membershipStatus')}>
            <Stack direction="row" spacing={1} alignItems="center">
              <Chip size="small" label={m.membershipStatusName} color={stateColor[m.membershipStatus ?? 'issuing']} />
              <StatusChip status={m.nftStatus} />
            </Stack>
          </DetailRow>
          <DetailRow label={t('customerStatus')}>{m.customerStatusName ?? ''}</DetailRow>
          <DetailRow label={t('ordererName')}>{m.ordererName}</DetailRow>
          <DetailRow label={t('ordererTel')}>{phoneText(m.ordererTel, m.ordererCountryCode)}</DetailRow>
          <DetailRow label={t('requestRoute')}>{routeLabel(m.requestRoute)}</DetailRow>
          <DetailRow label={t('issuedAt')}>{seoulDateTime(m.issuedAt)}</DetailRow>
          <DetailRow label={t('expiresAt')}>{seoulDate(m.expiresAt ?? null)}</DetailRow>
          {m.stoppedAt && <DetailRow label={t('stoppedAt')}>{seoulDateTime(m.stoppedAt)}</DetailRow>}
          <DetailRow label={t('paymentAmount')}>{m.paymentAmount?.toLocaleString('ko-KR') ?? ''}</DetailRow>
          <DetailRow label={t('pointAmount')}>{m.pointAmount?.toLocaleString('ko-KR') ?? '0'}</DetailRow>
          <DetailRow label={t('storeIdx')}>{m.storeName ?? ''}</DetailRow>
        </Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>{t('coupons')}</Typography>
        {coupons.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{translate(`${L}.show.noCoupons`)}</Typography>
        ) : (
          <Table size="small" aria-label={t('coupons')}>
            <TableHead>
              <TableRow><TableCell>{t('coupons')}</TableCell><TableCell>{t('membershipStatus')}</TableCell><TableCell>{t('expiresAt')}</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {coupons.map((c) => (
                <TableRow key={c.idx}>
                  <TableCell>{c.title}</TableCell>
                  <TableCell>{translate(`${L}.show.${c.status === 'USED' ? 'couponUsed' : c.status === 'CANCELED' ? 'couponCanceled' : 'couponIssued'}`)}</TableCell>
                  <TableCell>{seoulDate(c.expiresAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <BackToListButton to={MEMBERSHIP_NFT_PATH} label={`${L}.show.back`} />
      <Confirm isOpen={confirming} title={`${L}.list.stopTitle`} content={`${L}.list.stopConfirm`} translateOptions={{ count: 1 }} onConfirm={() => void stop()} onClose={() => setConfirming(false)} />
    </PageShell>
  );
}
