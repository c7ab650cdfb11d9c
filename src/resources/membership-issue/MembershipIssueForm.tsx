import { useMemo } from 'react';
import { Grid } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { membershipIssueSchema } from '../../domain/membershipIssue';
import { DEFAULT_COUNTRY_CODE } from '../../domain/guarantee';
import { formatPhone } from '../guarantee/guaranteeFormValues';
import { FormCard } from '../../framework/FormCard';
import { DateInput } from '../../framework/date/DateInput';
import { useStoreList } from '../guarantee/api';
import { L, useMembershipTemplates, type IssuedMembership } from './api';

const label = (f: string) => `${L}.fields.${f}`;

function valuesOf(m?: IssuedMembership, mainTemplate?: number): FieldValues {
  return {
    ...(m ? { id: m.id } : {}),
    nftTemplateIdx: m?.nftTemplateIdx ?? mainTemplate ?? null,
    ordererName: m?.ordererName ?? '',
    ordererCountryCode: m?.ordererCountryCode ?? DEFAULT_COUNTRY_CODE,
    ordererTel: m?.ordererTel ?? '',
    orderedAt: m?.orderedAt ?? '',
    paymentAmount: m?.paymentAmount ?? '',
    storeIdx: m?.storeIdx ?? null,
    refOrderId: m?.refOrderId ?? '',
  };
}

function PhoneInput() {
  const countryCode = useWatch({ name: 'ordererCountryCode' }) as string;
  return <TextInput source="ordererTel" label={label('ordererTel')} isRequired fullWidth parse={(v: string) => formatPhone(v, countryCode)} slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 100 } }} />;
}

/**
 * The membership issue form (register and edit, issue 11 item 2): the membership (an active template,
 * the main one preselected), the customer's name and phone, purchase day, payment amount (the point
 * variant's base), store and order number, checked by `membershipIssueSchema` as the server checks it;
 * the server's refusals (already held, ended template or coupon) land on their fields.
 */
export function MembershipIssueForm({ record, save, cancelTo, submitLabel }: { record?: IssuedMembership; save: (body: FieldValues) => Promise<void>; cancelTo: string; submitLabel: string }) {
  const translate = useTranslate();
  const templates = useMembershipTemplates();
  const stores = useStoreList();
  const main = templates.data?.find((t) => t.isMain)?.idx ?? templates.data?.[0]?.idx;
  const values = useMemo(() => valuesOf(record, main), [record, main]);
  if (templates.isPending) return null;
  return (
    <FormCard values={values} schema={membershipIssueSchema} save={save} cancelTo={cancelTo} submitLabel={submitLabel}>
          <Grid size={12}>
            <SelectInput source="nftTemplateIdx" label={label('nftTemplateIdx')} isRequired fullWidth
              choices={(templates.data ?? []).map((t) => ({ id: t.idx, name: t.nftCardName }))} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}><TextInput source="ordererName" label={label('ordererName')} isRequired fullWidth /></Grid>
          <Grid size={{ xs: 4, md: 2 }}><TextInput source="ordererCountryCode" label={label('ordererCountryCode')} fullWidth /></Grid>
          <Grid size={{ xs: 8, md: 4 }}><PhoneInput /></Grid>
          <Grid size={{ xs: 12, md: 6 }}><DateInput source="orderedAt" label={label('orderedAt')} fullWidth /></Grid>
          <Grid size={{ xs: 12, md: 6 }}><TextInput source="paymentAmount" label={label('paymentAmount')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} /></Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelectInput source="storeIdx" label={label('storeIdx')} fullWidth emptyText={translate(`${L}.form.noStore`)}
              choices={(stores.data ?? []).map((s) => ({ id: s.idx, name: s.name }))} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}><TextInput source="refOrderId" label={label('refOrderId')} fullWidth /></Grid>
    </FormCard>
  );
}
