import { useMemo, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, Stack } from '@mui/material';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import { useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AS_RULES, AS_TYPES, asIntakeFormSchema, type AsIntakeFormValues, type AsType } from '../../../domain/afterService';
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
import type { RepairCategory } from '../setting/api';
import { CategorySelect, CertificatePick, ContentInput, GuaranteeToggle, OrdererInputs, ProductInputs, useRepairCategories } from './IntakeSections';
import { KindSelect } from './IntakeKind';
import { useReceiverDefault } from './useReceiverDefault';
import { addMemo } from '../memo/api';
import { asRoute } from '../api';
import { useAllows } from '../common';
import { IntakeMemo } from './IntakeMemo';
import { intakeApi, newIdempotencyKey, uploadIntakeImage } from './api';

/** The intake's validation with the brand's categories: an option is required when there are options. */
function intakeResolver(hasOptions: boolean): Resolver<FieldValues> {
  const resolve = yupResolver(asIntakeFormSchema) as unknown as Resolver<FieldValues>;
  return (values, _context, options) => resolve(values, { hasOptions }, options);
}

function CustomerAndProduct({ prefillIdx }: { prefillIdx: number | null }) {
  const translate = useTranslate();
  const withGuarantee = useWatch({ name: 'withGuarantee' }) as boolean;
  const fillReceiver = useReceiverDefault();
  return (
    <Section title={translate('afterServiceIntake.form.customerSection')} id="as-intake-customer">
      <GuaranteeToggle />
      {withGuarantee ? <CertificatePick prefillIdx={prefillIdx} fillReceiver={fillReceiver} /> : (
        <Stack spacing={2}>
          <OrdererInputs fillReceiver={fillReceiver} />
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
    const type = v.repairType as AsType;
    let requestIdx: number;
    try {
      requestIdx = (await intakeApi.create({
        repairType: type, nftIdx: nftIdx!, requestMessage: v.requestMessage, receiverName: v.receiverName, receiverPhone: v.receiverPhone,
        receiverZipCode: v.receiverZipCode, receiverAddress1: v.receiverAddress1, receiverAddress2: v.receiverAddress2 ?? '', images,
        // The categories are repair categories: a laundry request names none (one picked before switching is dropped).
        options: type === 'repair' ? v.options ?? null : null,
      }, keys.current.request)).idx;
    } catch (err) {
      // Field errors go on their inputs (the confirmation runs after the form's own submit); the rest is presented.
      return submissionErrors(err, { present: true }) ? (err as ApiRequestError).errors : undefined;
    }
    // The request stands without its memo: a failed memo is said, not a failed intake.
    const memoSaved = !memo.trim() || (await addMemo(type, requestIdx, memo.trim()).then(() => true, () => false));
    notify(memoSaved ? 'afterServiceIntake.received' : 'afterServiceIntake.memo.failed', { type: memoSaved ? 'success' : 'warning' });
    navigate(asRoute(type));
    return undefined;
  };
}

/** The kinds the brand takes: repair (the page's own rule) and laundry where it is in use. */
function useKinds(): readonly AsType[] {
  const laundry = useAllows(AS_RULES.brand('laundry'));
  return laundry ? AS_TYPES : ['repair'];
}

/** The section of the request's own fields, and its title, per kind. */
function RequestSection({ categories, files, onFiles, tooMany, onTooMany }: {
  categories: RepairCategory[]; files: File[]; onFiles: (files: File[]) => void; tooMany: boolean; onTooMany: (v: boolean) => void;
}) {
  const translate = useTranslate();
  const type = useWatch({ name: 'repairType' }) as AsType;
  return (
    <Section title={translate(`afterServiceIntake.form.requestSection.${type}`)} id="as-intake-repair">
      {type === 'repair' ? <CategorySelect categories={categories} /> : null}
      <IntakeImages files={files} onChange={onFiles} tooMany={tooMany} onTooMany={onTooMany} />
      <Box sx={{ mt: 2 }}>
        <ContentInput />
      </Box>
    </Section>
  );
}

/**
 * /b2b/after-service/request (issue 13 item 5): the brand's admin A/S intake, with the memo side
 * panel; a repair or, where the brand takes laundry, a laundry request (`?type=laundry` chooses it).
 */
export function AsIntakePage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const prefillIdx = Number(params.get('guaranteeIdx')) || null;
  const kinds = useKinds();
  const initialKind = kinds.find((k) => k === params.get('type')) ?? 'repair';
  const categories = useRepairCategories();
  const [files, setFiles] = useState<File[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [pending, setPending] = useState<AsIntakeFormValues | null>(null);
  const [memo, setMemo] = useState('');
  const submit = useIntakeSubmit(files, memo, () => setMismatch(true));
  const hasOptions = (categories.data ?? []).some((c) => c.options.length > 0);
  const resolver = useMemo(() => intakeResolver(hasOptions), [hasOptions]);
  const record = useMemo(() => ({ ...asIntakeFormSchema.getDefault(), repairType: initialKind, withGuarantee: true, receiverAddress2: '' }), [initialKind]);
  if (categories.isPending) return <PageLoading />;

  return (
    <PageShell titleKey="afterServiceIntake.title" maxWidth={1280}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 360px' }, gap: 3, alignItems: 'start' }}>
        <Form record={record} resolver={resolver} onSubmit={(values: FieldValues) => setPending(asIntakeFormSchema.cast(values, { context: { hasOptions }, stripUnknown: true }))}>
          <Stack spacing={3}>
            <KindSelect kinds={kinds} />
            <CustomerAndProduct prefillIdx={prefillIdx} />
            <RequestSection categories={categories.data ?? []} files={files} onFiles={setFiles} tooMany={tooMany} onTooMany={setTooMany} />
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
