import { useState } from 'react';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AS_MEMO_MAX, AS_RULES, asPhoneText, type AsAction, type AsType } from '../../../domain/afterService';
import { formatWon } from '../../../domain/format';
import { seoulDateTime } from '../../../domain/seoulDay';
import { BackToListButton, DetailRow, PageShell, Section } from '../../../framework/ui';
import { PageLoading } from '../../../framework/PageStates';
import { NotFoundDialog, useGoBack, useRecordOr404 } from '../../../framework/record/useRecordOr404';
import { presentError } from '../../../dataProvider/errors';
import { ApiRequestError } from '../../../providers/http';
import { asResource, asRoute, offeredActions, savePartnersMemo, type AsDetail } from '../api';
import { AsStatusChip, useAllows } from '../common';
import { CountedText, MemoPanel, fieldErrorOf } from '../memo';
import { ActionDialog } from './ActionDialog';
import { Timeline } from './Timeline';

/** The request's or the completion's photos (their display URLs), each opening full size. */
function Images({ urls }: { urls: string[] }) {
  const translate = useTranslate();
  if (urls.length === 0) return <>{translate('afterService.detail.noImages')}</>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {urls.map((url, i) => (
        <Link key={url} href={url} target="_blank" rel="noopener noreferrer">
          <Box component="img" src={url} alt={translate('afterService.detail.imageAlt', { n: i + 1 })} sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
        </Link>
      ))}
    </Stack>
  );
}

/** 파트너 메모 (PATCH /v1/admin/{type}/{id}/memo): one text the brand and the partner both read and write, at most 1,000 characters with a counter. */
function PartnersMemo({ type, request, onSaved }: { type: AsType; request: AsDetail; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState(request.partnersMemo ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await savePartnersMemo(type, request.id, text);
      notify('afterService.detail.partnersMemoSaved', { type: 'success' });
      onSaved();
    } catch (err) {
      const fieldError = err instanceof ApiRequestError && err.status === 400 ? fieldErrorOf(err, 'partnersMemo') : null;
      if (fieldError) setError(fieldError);
      else presentError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section title={translate('afterService.detail.partnersMemo')} description={translate('afterService.detail.partnersMemoHelp')} id="as-partners-memo">
      <CountedText
        label={translate('afterService.detail.partnersMemo')}
        value={text}
        max={AS_MEMO_MAX}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" variant="outlined" onClick={() => void save()} disabled={saving || text === (request.partnersMemo ?? '')}>
          {translate('afterService.detail.partnersMemoSave')}
        </Button>
      </Box>
    </Section>
  );
}

/**
 * /b2b/after-service/repair/{idx} and /laundry/{idx}: the request, its customer and certificate, the
 * recipient, the photos, the stage history from `events` and the buttons of `actions` (what the
 * caller may do now, docs/api/afterService.md), the partner memo, and the memo side panel. The
 * brand and the kind's partner share the page; the certificate link is the brand's only.
 */
export function AsDetailPage({ type }: { type: AsType }) {
  const translate = useTranslate();
  const { record, isPending, notFound, refetch } = useRecordOr404<AsDetail>(asResource(type), { staleTime: 0 });
  const goBack = useGoBack(asRoute(type));
  const brand = useAllows(AS_RULES.brand(type));
  const [action, setAction] = useState<AsAction | null>(null);
  if (notFound) return <NotFoundDialog message={translate('afterService.detail.notFound')} onClose={goBack} />;
  if (isPending || !record) return <PageLoading />;
  const r = record;
  const D = (key: string) => translate(`afterService.detail.${key}`);
  const F = (key: string) => translate(`afterService.${type}.fields.${key}`);
  const actions = offeredActions(r);
  const address = [r.receiverZipCode && `(${r.receiverZipCode})`, r.receiverAddress1, r.receiverAddress2].filter(Boolean).join(' ');

  return (
    <PageShell title={`${translate(`afterService.${type}.title`)} #${r.idx}`} maxWidth={1280}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, gap: { xs: 2, sm: 3 }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Section title={D('actions')} id="as-actions">
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <AsStatusChip status={r.status} />
              {actions.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {D('noActions')}
                </Typography>
              ) : (
                actions.map((a) => (
                  <Button key={a} size="small" variant={a === 'cancel' || a === 'exchanged' ? 'outlined' : 'contained'} color={a === 'cancel' || a === 'exchanged' ? 'warning' : 'primary'} disableElevation onClick={() => setAction(a)}>
                    {translate(`afterService.action.${a}`)}
                  </Button>
                ))
              )}
            </Stack>
          </Section>
          <Section title={D('request')} id="as-request">
            <Box component="dl" sx={{ m: 0 }}>
              <DetailRow label={F('createdAt')}>{seoulDateTime(r.createdAt)}</DetailRow>
              {type === 'repair' && <DetailRow label={F('categoryName')}>{[r.categoryName, r.optionName].filter(Boolean).join(' · ') || '-'}</DetailRow>}
              <DetailRow label={F('partnerName')}>{r.partnerName ?? '-'}</DetailRow>
              <DetailRow label={D('requestMessage')}>{r.requestMessage ?? '-'}</DetailRow>
              <DetailRow label={D('images')}>
                <Images urls={r.imageUrls ?? []} />
              </DetailRow>
            </Box>
          </Section>
          <Section title={D('customer')} id="as-customer">
            <Box component="dl" sx={{ m: 0 }}>
              <DetailRow label={F('customerName')}>{r.customerName ?? '-'}</DetailRow>
              <DetailRow label={F('productName')}>{r.productName ?? '-'}</DetailRow>
              <DetailRow label={F('nftNumber')}>
                {r.nftNumber ?? '-'}
                {brand && r.nftIdx && (
                  <Link component={RouterLink} to={`/b2b/guarantee/${r.nftIdx}`} sx={{ ml: 1 }}>
                    {D('openGuarantee')}
                  </Link>
                )}
              </DetailRow>
            </Box>
          </Section>
          <Section title={D('receiver')} id="as-receiver">
            <Box component="dl" sx={{ m: 0 }}>
              <DetailRow label={D('receiverName')}>{r.receiverName ?? '-'}</DetailRow>
              <DetailRow label={D('receiverPhone')}>{asPhoneText(r.receiverPhone) || '-'}</DetailRow>
              <DetailRow label={D('address')}>{address || '-'}</DetailRow>
            </Box>
          </Section>
          <Section title={D('estimate')} id="as-estimate">
            <Box component="dl" sx={{ m: 0 }}>
              <DetailRow label={F('preEstimateAmount')}>{formatWon(r.preEstimateAmount)}</DetailRow>
              <DetailRow label={F('estimateAmount')}>{formatWon(r.estimateAmount)}</DetailRow>
              <DetailRow label={D('estimateComment')}>{r.estimateComment || '-'}</DetailRow>
              {r.cancelReason && <DetailRow label={D('cancelReason')}>{r.cancelReason}</DetailRow>}
              {(r.completeImageUrls ?? []).length > 0 && (
                <DetailRow label={D('completeImages')}>
                  <Images urls={r.completeImageUrls} />
                </DetailRow>
              )}
              {r.trackingNumber && (
                <DetailRow label={D('shipping')}>
                  {r.courier} {r.trackingNumber}
                </DetailRow>
              )}
            </Box>
          </Section>
          <Section title={D('timeline')} id="as-timeline">
            <Timeline events={r.events ?? []} />
          </Section>
          <PartnersMemo key={`${r.id}:${r.partnersMemo ?? ''}`} type={type} request={r} onSaved={() => void refetch()} />
        </Box>
        <MemoPanel type={type} requestIdx={r.id} />
      </Box>
      <BackToListButton to={asRoute(type)} label="afterService.detail.back" />
      {action && (
        <ActionDialog
          type={type}
          idx={r.id}
          action={action}
          onClose={() => setAction(null)}
          onConflict={() => void refetch()}
          onDone={() => {
            setAction(null);
            void refetch();
          }}
        />
      )}
    </PageShell>
  );
}

export const RepairDetail = () => <AsDetailPage type="repair" />;
export const LaundryDetail = () => <AsDetailPage type="laundry" />;
