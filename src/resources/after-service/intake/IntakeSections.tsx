import { useCallback, useEffect, useState } from 'react';
import { Box, Button, FormControlLabel, FormHelperText, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { AS_CONTENT_MAX, asPhoneText } from '../../../domain/afterService';
import { useLengthLimit } from '../memo';
import type { FillReceiver } from './useReceiverDefault';
import { ProductPicker } from '../../guarantee/ProductPicker';
import { REPAIR_CATEGORY_KEY, asSettingApi, type RepairCategory } from '../setting/api';
import { PickDialog } from './PickDialog';
import { intakeApi, type IntakeCertificate, type IntakeCustomer } from './api';

/** The parts of the intake form (AsIntakePage), each bound to asIntakeFormSchema's fields. */

const fieldError = (errors: Record<string, unknown>, name: string) => (errors[name] as { message?: string } | undefined)?.message;

export function GuaranteeToggle() {
  const translate = useTranslate();
  const { field } = useController({ name: 'withGuarantee' });
  return (
    <RadioGroup row value={field.value ? 'Y' : 'N'} onChange={(e) => field.onChange(e.target.value === 'Y')} aria-label={translate('afterServiceIntake.form.guaranteeQuestion')}>
      <FormControlLabel value="Y" control={<Radio />} label={translate('afterServiceIntake.form.withGuarantee')} />
      <FormControlLabel value="N" control={<Radio />} label={translate('afterServiceIntake.form.withoutGuarantee')} />
    </RadioGroup>
  );
}

/** With a certificate: pick one of the brand's; the `guaranteeIdx` query prefills it, and the orderer becomes the default receiver. */
export function CertificatePick({ prefillIdx, fillReceiver }: { prefillIdx: number | null; fillReceiver: FillReceiver }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { errors } = useFormState({ name: 'nftIdx' });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<IntakeCertificate | null>(null);
  const prefill = useQuery({
    queryKey: ['afterService', 'intake', 'certificate', prefillIdx],
    queryFn: ({ signal }) => intakeApi.certificate(prefillIdx!, signal),
    enabled: prefillIdx !== null,
    retry: false,
  });
  // Stable (setValue and fillReceiver are), so the prefill below runs once per arrival and never
  // again over what the user edits afterwards.
  const choose = useCallback((c: IntakeCertificate) => {
    setPicked(c);
    setOpen(false);
    setValue('nftIdx', c.idx, { shouldDirty: true, shouldValidate: true });
    fillReceiver(c.ordererName, c.ordererTel);
  }, [setValue, fillReceiver]);
  useEffect(() => {
    if (prefill.data) choose(prefill.data);
  }, [prefill.data, choose]);
  const error = fieldError(errors, 'nftIdx');
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => setOpen(true)}>{translate('afterServiceIntake.form.pickGuarantee')}</Button>
        {picked ? (
          <Typography aria-label={translate('afterServiceIntake.form.pickedGuarantee')}>
            {`${picked.nftNumber} · ${picked.productName} · ${picked.ordererName}`}
          </Typography>
        ) : null}
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <PickDialog<IntakeCertificate>
        open={open} title={translate('afterServiceIntake.form.pickGuarantee')} queryKey="certificates" search={intakeApi.certificates}
        rowKey={(c) => c.idx} primary={(c) => `${c.nftNumber} · ${c.productName}`} secondary={(c) => `${c.ordererName} ${asPhoneText(c.ordererTel)}`}
        onPick={choose} onClose={() => setOpen(false)}
      />
    </Box>
  );
}

/** Without a certificate: the orderer, from the customers (then also the default receiver) or typed. */
export function OrdererInputs({ fillReceiver }: { fillReceiver: FillReceiver }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [open, setOpen] = useState(false);
  const choose = (c: IntakeCustomer) => {
    setOpen(false);
    setValue('ordererName', c.customerName, { shouldDirty: true, shouldValidate: true });
    setValue('ordererTel', asPhoneText(c.customerPhone), { shouldDirty: true, shouldValidate: true });
    fillReceiver(c.customerName, c.customerPhone);
  };
  return (
    <Box>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mb: 1 }}>{translate('afterServiceIntake.form.pickCustomer')}</Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextInput source="ordererName" label="afterServiceIntake.form.ordererName" />
        <TextInput source="ordererTel" label="afterServiceIntake.form.ordererTel" />
      </Stack>
      <PickDialog<IntakeCustomer>
        open={open} title={translate('afterServiceIntake.form.pickCustomer')} queryKey="customers" search={intakeApi.customers}
        rowKey={(c) => c.customerIdx} primary={(c) => c.customerName} secondary={(c) => asPhoneText(c.customerPhone)}
        onPick={choose} onClose={() => setOpen(false)}
      />
    </Box>
  );
}

/** Without a certificate: the product, picked from the catalogue or typed. */
export function ProductInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { errors } = useFormState({ name: 'productName' });
  const [typed, productName, picked] = useWatch({ name: ['productTyped', 'productName', 'partnersProductIdx'] }) as [boolean, string, number | null];
  const [open, setOpen] = useState(false);
  const error = fieldError(errors, 'productName');
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Button variant="outlined" onClick={() => setOpen(true)}>{translate('afterServiceIntake.form.pickProduct')}</Button>
        <Button variant={typed ? 'contained' : 'outlined'} onClick={() => {
          setValue('productTyped', true);
          setValue('partnersProductIdx', null);
          setValue('productName', '');
        }}>{translate('afterServiceIntake.form.typeProduct')}</Button>
        {!typed && picked ? <Typography aria-label={translate('afterServiceIntake.form.pickedProduct')}>{productName}</Typography> : null}
      </Stack>
      {typed ? <TextInput source="productName" label="afterServiceIntake.form.productName" /> : error ? <FormHelperText error>{error}</FormHelperText> : null}
      <ProductPicker open={open} cooperator={false} onClose={() => setOpen(false)} onPick={(p) => {
        setOpen(false);
        setValue('productTyped', false);
        setValue('partnersProductIdx', p.idx, { shouldDirty: true });
        setValue('productName', p.name, { shouldDirty: true, shouldValidate: true });
      }} />
    </Box>
  );
}

/** The repair category option: offered (and required) when the brand has categories with options. */
export function CategorySelect({ categories }: { categories: RepairCategory[] }) {
  const choices = categories.flatMap((c) => c.options.map((o) => ({ id: o.idx, name: `${c.name} · ${o.name}` })));
  if (!choices.length) return null;
  return <SelectInput source="options" label="afterServiceIntake.form.category" choices={choices} emptyText="" />;
}

export const useRepairCategories = () =>
  useQuery({ queryKey: REPAIR_CATEGORY_KEY, queryFn: ({ signal }) => asSettingApi.categories(signal), retry: false });

/** 요청 내용 with its counter, and a word when the limit is reached or a paste was cut (useLengthLimit). */
export function ContentInput() {
  const content = (useWatch({ name: 'requestMessage' }) as string | undefined) ?? '';
  const limit = useLengthLimit(content, AS_CONTENT_MAX);
  return (
    <TextInput source="requestMessage" label="afterServiceIntake.form.requestMessage" multiline minRows={4}
      helperText={limit.helperText} onPaste={limit.onPaste} slotProps={{ htmlInput: { maxLength: AS_CONTENT_MAX } }} />
  );
}
