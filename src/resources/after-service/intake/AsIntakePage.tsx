import { useMemo, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, Stack } from '@mui/material';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import { useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { asIntakeFormSchema, type AsIntakeFormValues } from '../../../domain/afterService';
import { seoulToday } from '../../../domain/seoulDay';
import { PageShell, Section } from '../../../framework/ui';
import { PageLoading } from '../../../framework/PageStates';
import { ImageUploadErrorDialog } from '../../../framework/image/useImageUpload';
import { submissionErrors } from '../../../framework/formErrors';
import { clock } from '../../../providers/session';
import { ApiRequestError } from '../../../providers/http';
import type { FieldErrors } from '../../../domain/errors';
import { AddressInputs } from './AddressInputs';
import { IntakeImages } from './IntakeImages';
import { CategorySelect, CertificatePick, ContentInput, GuaranteeToggle, OrdererInputs, ProductInputs, useRepairCategories } from './IntakeSections';
import { addMemo } from '../memo/api';
import { IntakeMemo } from './IntakeMemo';
import { REPAIR_HISTORY_PATH, intakeApi, newIdempotencyKey, uploadIntakeImage } from './api';

/** The intake's validation with the brand's categories: an option is required when there are options. */
function intakeResolver(hasOptions: boolean): Resolver<FieldValues> {
  const resolve = yupResolver(asIntakeFormSchema) as unknown as Resolver<FieldValues>;
  return (values, _context, options) => resolve(values, { hasOptions }, options);
}

function CustomerAndProduct({ prefillIdx }: { prefillIdx: number | null }) {
  const translate = useTranslate();
  const withGuarantee = useWatch({ name: 'withGuarantee' }) as boolean;
  return (
    <Section title={translate('afterServiceIntake.form.customerSection')} id="as-intake-customer">
      <GuaranteeToggle />
      {withGuarantee ? <CertificatePick prefillIdx={prefillIdx} /> : (
        <Stack spacing={2}>
          <OrdererInputs />
          <ProductInputs />
        </Stack>
      )}
    </Section>
  );
}

/**
 * The submit (spec 3 sections 5 and 8): without a certificate, the issue request first (its failure
 * stops the submit without a message); then the photos (fewer uploaded than selected opens the
 * upload-error dialog); then the request. Each step's Idempotency-Key lives as long as the page, so
 * a retried submit creates neither a second certificate nor a second request.
 */
function useIntakeSubmit(files: File[], memo: string, onUploadMismatch: () => void) {
  const notify = useNotify();
  const navigate = useNavigate();
  const keys = useRef({ guarantee: newIdempotencyKey(), request: newIdempotencyKey() });
  return async (v: AsIntakeFormValues): Promise<FieldErrors | undefined> => {
    let nftIdx = v.nftIdx;
    if (!v.withGuarantee) {
      try {
        nftIdx = (await intakeApi.requestGuarantee({
          ordererName: v.ordererName, ordererTel: v.ordererTel, ordererCountryCode: '82', orderedAt: seoulToday(new Date(clock.now())),
          productName: v.productName, partnersProductIdx: v.productTyped ? null : v.partnersProductIdx,
        }, keys.current.guarantee)).idx;
      } catch {
        return undefined;
      }
    }
    const uploaded = await Promise.all(files.map((f) => uploadIntakeImage(nftIdx!, f).catch(() => null)));
    const images = uploaded.filter((p): p is string => p !== null);
    if (images.length !== files.length) {
      onUploadMismatch();
      return undefined;
    }
    let requestIdx: number;
    try {
      requestIdx = (await intakeApi.create({
        repairType: 'repair', nftIdx: nftIdx!, requestMessage: v.requestMessage, receiverName: v.receiverName, receiverPhone: v.receiverPhone,
        receiverZipCode: v.receiverZipCode, receiverAddress1: v.receiverAddress1, receiverAddress2: v.receiverAddress2 ?? '', images, options: v.options ?? null,
      }, keys.current.request)).idx;
    } catch (err) {
      // Field errors go on their inputs (the confirmation runs after the form's own submit); the rest is presented.
      return submissionErrors(err, { present: true }) ? (err as ApiRequestError).errors : undefined;
    }
    // The request stands without its memo: a failed memo is said, not a failed intake.
    const memoSaved = !memo.trim() || (await addMemo('repair', requestIdx, memo.trim()).then(() => true, () => false));
    notify(memoSaved ? 'afterServiceIntake.received' : 'afterServiceIntake.memo.failed', { type: memoSaved ? 'success' : 'warning' });
    navigate(REPAIR_HISTORY_PATH);
    return undefined;
  };
}

/** /b2b/after-service/request (issue 13 item 5): the brand's admin A/S intake, with the memo side panel. */
export function AsIntakePage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const prefillIdx = Number(params.get('guaranteeIdx')) || null;
  const categories = useRepairCategories();
  const [files, setFiles] = useState<File[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [pending, setPending] = useState<AsIntakeFormValues | null>(null);
  const [memo, setMemo] = useState('');
  const submit = useIntakeSubmit(files, memo, () => setMismatch(true));
  const hasOptions = (categories.data ?? []).some((c) => c.options.length > 0);
  const resolver = useMemo(() => intakeResolver(hasOptions), [hasOptions]);
  const record = useMemo(() => ({ ...asIntakeFormSchema.getDefault(), withGuarantee: true, receiverAddress2: '' }), []);
  if (categories.isPending) return <PageLoading />;

  return (
    <PageShell titleKey="afterServiceIntake.title" maxWidth={1280}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 360px' }, gap: 3, alignItems: 'start' }}>
        <Form record={record} resolver={resolver} onSubmit={(values: FieldValues) => setPending(asIntakeFormSchema.cast(values, { context: { hasOptions }, stripUnknown: true }))}>
          <Stack spacing={3}>
            <CustomerAndProduct prefillIdx={prefillIdx} />
            <Section title={translate('afterServiceIntake.form.repairSection')} id="as-intake-repair">
              <CategorySelect categories={categories.data ?? []} />
              <IntakeImages files={files} onChange={setFiles} tooMany={tooMany} onTooMany={setTooMany} />
              <Box sx={{ mt: 2 }}>
                <ContentInput />
              </Box>
            </Section>
            <Section title={translate('afterServiceIntake.form.receiverSection')} id="as-intake-receiver">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextInput source="receiverName" label="afterServiceIntake.form.receiverName" />
                <TextInput source="receiverPhone" label="afterServiceIntake.form.receiverPhone" />
              </Stack>
              <AddressInputs />
            </Section>
            <Box>
              <Button type="submit" variant="contained" size="large">{translate('afterServiceIntake.submit')}</Button>
            </Box>
          </Stack>
          <ConfirmDialog
            open={pending !== null}
            onCancel={() => setPending(null)}
            onConfirm={async () => {
              const values = pending!;
              setPending(null);
              return submit(values);
            }}
          />
        </Form>
        <Box component="aside">
          <IntakeMemo value={memo} onChange={setMemo} />
        </Box>
      </Box>
      <ImageUploadErrorDialog open={mismatch} onClose={() => setMismatch(false)} />
    </PageShell>
  );
}

function ConfirmDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => Promise<FieldErrors | undefined> }) {
  const translate = useTranslate();
  const { setError } = useFormContext();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onCancel} aria-describedby="as-intake-confirm" maxWidth="xs" fullWidth>
      <DialogContent>
        <DialogContentText id="as-intake-confirm" sx={{ color: 'text.primary' }}>{translate('afterServiceIntake.confirm')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={async () => {
          setBusy(true);
          try {
            const errors = await onConfirm();
            for (const [name, message] of Object.entries(errors ?? {})) setError(name, { type: 'server', message });
          } finally {
            setBusy(false);
          }
        }}>{translate('afterServiceIntake.confirmOk')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default AsIntakePage;
