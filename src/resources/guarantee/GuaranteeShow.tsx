import { useState } from 'react';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { recordQueryKey } from '../../framework/record/useRecordOr404';
import { CANCEL_DETAIL_MAX, CANCEL_REASONS, GUARANTEE_MSG, NFT_EDITABLE_STATUSES, canTransition, deleteOperationFor } from '../../domain/guarantee';
import { categoryName, seoulDateTime, won } from '../product/api';
import {
  GUARANTEE_PATH, GUARANTEE_RESOURCE, bulkComplete, cancelOne, cancelPending, customFieldsOf, deleteOne, fetchQrs, fetchUses, guaranteeEditPath, imageUrlOf, phoneText, recordUse, routeLabel,
  type Guarantee,
} from './api';
import { GuaranteeNotFoundDialog, RefusedDialog, StatusChip, runTransition, useGuaranteeRecord } from './common';
import { AsIntakeLink } from '../after-service/intake/AsIntakeLink';

const F = (field: string) => `guarantee.fields.${field}`;

type Action = 'complete' | 'cancel' | 'delete';

/** The QR of the public certificate page (its SVG as an image) and the link that opens the page. */
function CertificateQr({ g }: { g: Guarantee }) {
  const translate = useTranslate();
  const qrs = useQuery({ queryKey: ['guarantee', 'qrs', g.id], queryFn: () => fetchQrs(g.id), retry: false });
  const qr = qrs.data?.[0];
  const url = g.certificateUrl ?? qr?.url ?? null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 168, height: 168, border: 1, borderColor: 'divider', borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'common.white' }}>
        {qr?.svg ? (
          <Box component="img" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`} alt={translate('guarantee.show.qrAlt')} sx={{ width: 152, height: 152 }} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {translate(qrs.isPending ? 'app.common.loading' : 'guarantee.show.noQr')}
          </Typography>
        )}
      </Box>
      {url && (
        <Link href={url} target="_blank" rel="noopener noreferrer" aria-label={translate('guarantee.show.openCertificateLabel')} underline="hover">
          {translate('guarantee.show.openCertificate')}
        </Link>
      )}
    </Stack>
  );
}

/** The certificate's uses (GET /nft/{id}/used) and 사용 처리 (POST /nft/used) for issued ones. */
function UseHistory({ g, onRecorded }: { g: Guarantee; onRecorded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const uses = useQuery({ queryKey: ['guarantee', 'uses', g.id], queryFn: () => fetchUses(g.id), retry: false });
  const [open, setOpen] = useState(false);
  const [memo, setMemo] = useState('');
  const [running, setRunning] = useState(false);
  const [refused, setRefused] = useState<string[] | null>(null);
  const usable = [3, 4, 5].includes(g.nftStatus);
  const list = uses.data?.list ?? [];

  const submit = async () => {
    setRunning(true);
    try {
      const result = await runTransition(() => recordUse(g.id, memo.trim() || undefined));
      setOpen(false);
      if (!result.ok) setRefused(result.refused);
      else {
        notify('guarantee.show.useRecorded', { type: 'success' });
        setMemo('');
        void uses.refetch();
        onRecorded();
      }
    } catch {
      setOpen(false);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Section
      title={translate('guarantee.show.uses')}
      id="guarantee-uses"
      action={
        usable ? (
          <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
            {translate('guarantee.show.recordUse')}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="guarantee-uses">
          <TableHead>
            <TableRow>
              <TableCell>{translate('guarantee.show.usedAt')}</TableCell>
              <TableCell>{translate('guarantee.show.memo')}</TableCell>
              <TableCell>{translate('guarantee.show.usedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} align="center" role="status" sx={{ color: 'text.secondary', py: 3 }}>
                  {translate(uses.isPending ? 'app.list.loading' : 'guarantee.show.noUses')}
                </TableCell>
              </TableRow>
            ) : (
              list.map((u) => (
                <TableRow key={u.idx}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{seoulDateTime(u.usedAt)}</TableCell>
                  <TableCell>{u.memo ?? '-'}</TableCell>
                  <TableCell>{u.usedByName ?? '-'}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Box>
      <Dialog open={open} onClose={() => !running && setOpen(false)} aria-labelledby="guarantee-use-title" maxWidth="xs" fullWidth>
        <DialogTitle id="guarantee-use-title">{translate('guarantee.show.recordUseTitle')}</DialogTitle>
        <DialogContent>
          <TextField label={translate('guarantee.show.memo')} value={memo} onChange={(e) => setMemo(e.target.value)} fullWidth multiline minRows={2} sx={{ mt: 1 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setOpen(false)} disabled={running}>
            {translate('app.common.cancel')}
          </Button>
          <Button variant="contained" disableElevation onClick={() => void submit()} disabled={running}>
            {translate('guarantee.show.recordUse')}
          </Button>
        </DialogActions>
      </Dialog>
      <RefusedDialog refused={refused} onClose={() => setRefused(null)} />
    </Section>
  );
}

/** 취소 사유 for a pending (being transferred) certificate. */
function PendingCancelDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (reason: string, detail: string) => void }) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="guarantee-pending-cancel-title" maxWidth="xs" fullWidth>
      <DialogTitle id="guarantee-pending-cancel-title">{translate('guarantee.list.cancelReasonTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label={translate(F('cancelReason'))} value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(error)} helperText={error ?? undefined} required fullWidth>
            {CANCEL_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={translate(F('cancelDetail'))} value={detail} onChange={(e) => setDetail(e.target.value)} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: CANCEL_DETAIL_MAX } }} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {translate('app.common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disableElevation
          onClick={() => {
            if (!reason) setError(GUARANTEE_MSG.cancelReasonRequired);
            else onSubmit(reason, detail.trim());
          }}
        >
          {translate('guarantee.list.cancelReasonSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /b2b/guarantee/{idx}: every field formatted, the QR and certificate link, the use history and the actions its status allows. */
export default function GuaranteeShow() {
  const translate = useTranslate();
  const { record, isPending, notFound, refetch } = useGuaranteeRecord();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [pendingCancel, setPendingCancel] = useState(false);
  const [running, setRunning] = useState(false);
  const [refused, setRefused] = useState<string[] | null>(null);
  if (notFound) return <GuaranteeNotFoundDialog />;
  if (isPending || !record) return <PageLoading />;
  const g = record;
  const status = g.nftStatus;

  const run = async (action: Action | 'cancelPending', work: () => Promise<unknown>) => {
    setRunning(true);
    try {
      const result = await runTransition(work);
      if (!result.ok) {
        setRefused(result.refused);
        return;
      }
      // Lists refresh when shown (GuaranteeList); the detail is read again, or dropped once deleted.
      if (action === 'delete') {
        queryClient.removeQueries({ queryKey: recordQueryKey(GUARANTEE_RESOURCE, g.id) });
        notify('guarantee.show.deleted', { type: 'success' });
        navigate(GUARANTEE_PATH, { replace: true });
        return;
      }
      notify(action === 'complete' ? 'guarantee.show.completed' : 'guarantee.show.canceled', { type: 'success' });
      void refetch();
    } catch {
      // Presented by runTransition.
    } finally {
      setRunning(false);
      setConfirming(null);
      setPendingCancel(false);
    }
  };

  const work: Record<Action, () => Promise<unknown>> = {
    complete: () => bulkComplete([g.id]),
    cancel: () => cancelOne(g.id),
    delete: () => deleteOne(g.id),
  };
  const editable = (NFT_EDITABLE_STATUSES as readonly number[]).includes(status);
  const imageUrl = imageUrlOf(g.productImage);
  const custom = customFieldsOf(g.customField);

  return (
    <PageShell
      title={g.nftNumber}
      maxWidth={1080}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canTransition('complete', status) && (
            <Button variant="contained" disableElevation onClick={() => setConfirming('complete')}>
              {translate('guarantee.show.complete')}
            </Button>
          )}
          {editable && (
            <Button component={RouterLink} to={guaranteeEditPath(g.id)} variant="outlined">
              {translate('app.common.edit')}
            </Button>
          )}
          {canTransition('cancel', status) && (
            <Button variant="outlined" color="warning" onClick={() => setConfirming('cancel')}>
              {translate('guarantee.show.cancel')}
            </Button>
          )}
          {canTransition('cancelPending', status) && (
            <Button variant="outlined" color="warning" onClick={() => setPendingCancel(true)}>
              {translate('guarantee.list.cancelReason')}
            </Button>
          )}
          <AsIntakeLink guaranteeIdx={g.id} />
          {deleteOperationFor(status) !== null && (
            <Button variant="outlined" color="error" onClick={() => setConfirming('delete')}>
              {translate('app.common.delete')}
            </Button>
          )}
        </Stack>
      }
    >
      <Stack direction={{ xs: 'column-reverse', md: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Section title={translate('guarantee.show.summary')} id="guarantee-summary">
            <Box component="dl" sx={{ m: 0 }}>
              <DetailRow label={translate(F('nftStatus'))}>
                <StatusChip status={status} />
              </DetailRow>
              <DetailRow label={translate(F('nftNumber'))}>{g.nftNumber}</DetailRow>
              <DetailRow label={translate(F('nftTemplateIdx'))}>{g.nftCardName}</DetailRow>
              <DetailRow label={translate(F('requestRoute'))}>{routeLabel(g.requestRoute)}</DetailRow>
              <DetailRow label={translate(F('issuedAt'))}>{seoulDateTime(g.issuedAt)}</DetailRow>
              {status === 7 && <DetailRow label={translate(F('issueAt'))}>{seoulDateTime(g.issueAt)}</DetailRow>}
              {g.canceledAt && <DetailRow label={translate(F('canceledAt'))}>{seoulDateTime(g.canceledAt)}</DetailRow>}
              {g.cancelReason && <DetailRow label={translate(F('cancelReason'))}>{[g.cancelReason, g.cancelDetail].filter(Boolean).join(' — ')}</DetailRow>}
              <DetailRow label={translate(F('createdAt'))}>{seoulDateTime(g.createdAt)}</DetailRow>
              <DetailRow label={translate(F('updatedAt'))}>{seoulDateTime(g.updatedAt)}</DetailRow>
            </Box>
          </Section>
          <Section title={translate('guarantee.form.customer')} id="guarantee-customer">
            <Box component="dl" sx={{ m: 0 }}>
              <DetailRow label={translate(F('ordererName'))}>{g.ordererName}</DetailRow>
              <DetailRow label={translate(F('ordererTel'))}>{phoneText(g.ordererTel, g.ordererCountryCode)}</DetailRow>
              <DetailRow label={translate(F('orderedAt'))}>{g.orderedAt?.slice(0, 10)}</DetailRow>
              <DetailRow label={translate(F('refOrderId'))}>{g.refOrderId}</DetailRow>
              <DetailRow label={translate(F('storeName'))}>{g.storeName}</DetailRow>
            </Box>
          </Section>
          <Section title={translate('guarantee.form.productSection')} id="guarantee-product">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {imageUrl && <Box component="img" src={imageUrl} alt={translate('guarantee.show.imageAlt')} sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider' }} />}
              <Box component="dl" sx={{ m: 0, flex: 1 }}>
                <DetailRow label={translate(F('productName'))}>{g.productName}</DetailRow>
                <DetailRow label={translate(F('brandName'))}>{g.brandName}</DetailRow>
                <DetailRow label={translate(F('modelNumber'))}>{g.modelNumber ?? g.productCode}</DetailRow>
                <DetailRow label={translate(F('categoryCode'))}>{categoryName({ categoryCode: g.categoryCode, categoryName: g.categoryName })}</DetailRow>
                <DetailRow label={translate(F('price'))}>{won(g.price)}</DetailRow>
                <DetailRow label={translate(F('paymentAmount'))}>{won(g.paymentAmount)}</DetailRow>
                <DetailRow label={translate(F('warrantyDate'))}>{g.warrantyDate}</DetailRow>
                {g.material && <DetailRow label={translate(F('material'))}>{g.material}</DetailRow>}
                {g.size && <DetailRow label={translate(F('size'))}>{g.size}</DetailRow>}
                {g.weight && <DetailRow label={translate(F('weight'))}>{g.weight}</DetailRow>}
                {custom.map(([name, value]) => (
                  <DetailRow key={name} label={name}>
                    {value}
                  </DetailRow>
                ))}
              </Box>
            </Stack>
          </Section>
          <UseHistory g={g} onRecorded={() => void refetch()} />
        </Box>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, width: { xs: '100%', md: 240 }, boxSizing: 'border-box', flexShrink: 0 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
            {translate('guarantee.show.certificate')}
          </Typography>
          <CertificateQr g={g} />
          {typeof g.usedCount === 'number' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
              {translate('guarantee.show.usedCount', { count: g.usedCount })}
            </Typography>
          )}
        </Paper>
      </Stack>
      <BackToListButton to={GUARANTEE_PATH} label="guarantee.show.back" />
      <Confirm
        isOpen={confirming !== null}
        loading={running}
        title={confirming ? `guarantee.show.${confirming}Title` : ''}
        content={confirming ? `guarantee.show.${confirming}Confirm` : ''}
        confirm={confirming === 'delete' ? 'app.common.delete' : confirming === 'cancel' ? 'guarantee.show.cancel' : 'guarantee.show.complete'}
        cancel="app.common.cancel"
        confirmColor={confirming === 'complete' ? 'primary' : 'warning'}
        onConfirm={() => confirming && void run(confirming, work[confirming])}
        onClose={() => !running && setConfirming(null)}
      />
      <PendingCancelDialog
        open={pendingCancel}
        onClose={() => setPendingCancel(false)}
        onSubmit={(reason, detail) => void run('cancel', () => cancelPending({ nftIdxList: [Number(g.id)], reason, detail: detail || null }))}
      />
      <RefusedDialog refused={refused} onClose={() => setRefused(null)} />
    </PageShell>
  );
}
