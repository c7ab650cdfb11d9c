import { useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { useRecordOr404 } from '../../framework/record/useRecordOr404';
import { submissionErrors } from '../../framework/formErrors';
import { seoulDateTime } from '../../domain/seoulDay';
import { membershipTitle } from '../../domain/membership';
import { MembershipNotFound } from './MembershipTemplatePages';
import { MEMBERSHIP, MEMBERSHIP_ROUTE, expiryText, stopMembershipTemplate, type MembershipTemplate } from './api';

const L = 'membership-template';

/** /b2b/membership/setting/{idx}: the card, its expiry, fields, links, benefits and attached coupons; 수정 and 사용 중지 (confirmed). */
export default function MembershipTemplateShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const { record: m, notFound, refetch } = useRecordOr404<MembershipTemplate>(MEMBERSHIP);
  const [confirming, setConfirming] = useState(false);
  const [stopping, setStopping] = useState(false);
  if (notFound) return <MembershipNotFound />;
  if (!m) return <PageLoading />;
  const t = (f: string) => translate(`${L}.fields.${f}`);
  const none = translate(`${L}.none`);
  const stop = async () => {
    setStopping(true);
    try {
      await stopMembershipTemplate(m.idx);
      notify(`${L}.stopped`, { type: 'success' });
      await refetch();
    } catch (err) {
      submissionErrors(err, { present: true });
    }
    setStopping(false);
    setConfirming(false);
  };
  return (
    <PageShell
      title={m.nftCardName}
      maxWidth={960}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`${MEMBERSHIP_ROUTE}/edit/${m.id}`} variant="contained" disableElevation>{translate(`${L}.editAction`)}</Button>
          {m.status === 'ACTIVE' && <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>{translate(`${L}.stop`)}</Button>}
        </Stack>
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          {m.backgroundImg && <Box component="img" src={m.backgroundImg.url} alt={m.nftCardName} sx={{ width: 164, height: 256, objectFit: 'cover', borderRadius: 2 }} />}
          <Box component="dl" sx={{ flex: 1, m: 0 }}>
            <DetailRow label={t('status')}>
              {translate(m.status === 'ACTIVE' ? `${L}.statusActive` : `${L}.statusStop`)}{m.isMain ? ` · ${translate(`${L}.main`)}` : ''}
            </DetailRow>
            <DetailRow label={t('expireType')}>{expiryText(m, translate)}</DetailRow>
            <DetailRow label={t('nftCustomFields')}>{m.nftCustomFields.map((f) => `${f.name}: ${f.value ?? ''}`).join(', ') || none}</DetailRow>
            <DetailRow label={t('nftCustomLinks')}>{m.nftCustomLinks.map((l) => `${l.name} (${l.url})`).join(', ') || none}</DetailRow>
            <DetailRow label={t('benefits')}>
              {m.benefits.length ? m.benefits.map((b, i) => <Typography key={i} variant="body2">{b.title}{b.contents ? ` — ${b.contents}` : ''}</Typography>) : none}
            </DetailRow>
            <DetailRow label={t('partnersCoupon')}>
              {m.partnersCoupon.length ? m.partnersCoupon.map((c, i) => (
                <Typography key={i} variant="body2">
                  {c.title}{c.offline === 'Y' ? ` · ${translate(`${L}.offlineYes`)}` : ` · ${c.couponNumber || c.couponUrl}`}{c.endDate ? ` · ~${c.endDate}` : ''}
                </Typography>
              )) : none}
            </DetailRow>
            <DetailRow label={t('createdAt')}>{seoulDateTime(m.createdAt)}</DetailRow>
          </Box>
        </Stack>
      </Paper>
      <BackToListButton to={MEMBERSHIP_ROUTE} label={`${L}.back`} />
      <Confirm
        isOpen={confirming}
        loading={stopping}
        title={`${L}.stopTitle`}
        content={`${L}.stopConfirm`}
        translateOptions={{ name: membershipTitle(m.nftCardName) }}
        confirm={`${L}.stop`}
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void stop()}
        onClose={() => setConfirming(false)}
      />
    </PageShell>
  );
}
