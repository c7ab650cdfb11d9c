import { useMemo, type ReactNode } from 'react';
import { Grid, Typography } from '@mui/material';
import { ArrayInput, BooleanInput, RadioButtonGroupInput, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../providers/http';
import { useWatch, type FieldValues } from 'react-hook-form';
import { membershipTemplateSchema } from '../../domain/membership';
import { FormCard } from '../../framework/FormCard';
import { DateInput } from '../../framework/date/DateInput';
import { ProductImageInput } from '../product/ProductImageInput';
import { MEMBERSHIP, type MembershipTemplate } from './api';

const L = 'membership-template';
const label = (f: string) => `${L}.fields.${f}`;
const yn = { format: (v: unknown) => v === 'Y', parse: (v: boolean) => (v ? 'Y' : 'N') };

/** The form values of a stored template (or a new one): days and dates as typed, the background as its upload path. */
function formValuesOf(m?: MembershipTemplate): FieldValues {
  return {
    ...(m ? { id: m.id } : {}),
    nftCardName: m?.nftCardName ?? '',
    isMain: m?.isMain ?? false,
    backgroundImg: m?.backgroundImg?.path ?? null,
    expireType: m?.expireType ?? 'DAY',
    expireDate: m?.expireDate?.slice(0, 10) ?? '',
    expireDays: m?.expireDays ?? '',
    nftCustomFields: m?.nftCustomFields ?? [],
    nftCustomLinks: m?.nftCustomLinks ?? [],
    benefits: m?.benefits ?? [],
    partnersCoupon: m?.partnersCoupon ?? [],
    customerGroupIdx: m?.customerGroupIdx ?? null,
  };
}

/** Automatic membership by grade (issue 11 item 3): the customer grade whose customers the grade job issues it to; none by default. */
function GradeInput() {
  const translate = useTranslate();
  const grades = useQuery({
    queryKey: ['membership-template', 'grades'],
    queryFn: () => apiRequest<{ list: { idx: number; name: string }[] } | { idx: number; name: string }[]>('/v1/admin/customers-group/list'),
    retry: false,
    staleTime: 60_000,
  });
  const list = Array.isArray(grades.data) ? grades.data : (grades.data?.list ?? []);
  return (
    <SelectInput source="customerGroupIdx" label={label('customerGroupIdx')} fullWidth emptyText={translate(`${L}.noGrade`)}
      helperText={`${L}.customerGroupIdxHelp`} choices={list.map((g) => ({ id: g.idx, name: g.name }))} />
  );
}

/** The expiry: by days from the issue (the days required) or until a date (not before today, valid through its 23:59:59). */
function ExpiryInputs() {
  const translate = useTranslate();
  const type = useWatch({ name: 'expireType' }) as string;
  return (
    <>
      <RadioButtonGroupInput source="expireType" label={label('expireType')} row
        choices={[{ id: 'DAY', name: translate(`${L}.expireTypeDay`) }, { id: 'DATE', name: translate(`${L}.expireTypeDate`) }]} />
      {type === 'DATE'
        ? <DateInput source="expireDate" label={label('expireDate')} isRequired fullWidth />
        : <TextInput source="expireDays" label={label('expireDays')} isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />}
    </>
  );
}

/**
 * A row's inputs wrap onto a next line rather than squeeze: squeezed, a switch's label (오프라인
 * 쿠폰, 발급 가능) stood a syllable a line (issue 23 item 9).
 */
const ROW_SX = { '& .RaSimpleFormIterator-form': { flexWrap: 'wrap' }, '& .MuiFormControlLabel-label': { whiteSpace: 'nowrap' } } as const;

/** A titled list of rows (fields, links, benefits, coupons), each row's inputs side by side. */
function ListInput({ source, children }: { source: string; children: ReactNode }) {
  return (
    <ArrayInput source={source} label={label(source)} resource={MEMBERSHIP}>
      <SimpleFormIterator inline disableReordering disableClear resource={MEMBERSHIP} sx={ROW_SX}>
        {children}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

export interface MembershipTemplateFormProps {
  record?: MembershipTemplate;
  save: (body: FieldValues) => Promise<void>;
  cancelTo: string;
}

/**
 * The membership template form (spec 2 sections 3 and 5, issue 11 item 1): card name, background
 * (658x1024), expiry, custom fields and links, benefits, attached coupons and the main flag, checked
 * by `membershipTemplateSchema` as the server checks it; the server's field errors land on the inputs.
 */
export function MembershipTemplateForm({ record, save, cancelTo }: MembershipTemplateFormProps) {
  const translate = useTranslate();
  const values = useMemo(() => formValuesOf(record), [record]);
  return (
    <FormCard values={values} schema={membershipTemplateSchema} save={save} cancelTo={cancelTo}>
          <Grid size={12}><TextInput source="nftCardName" label={label('nftCardName')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} /></Grid>
          <Grid size={12}>
            <ProductImageInput source="backgroundImg" saved={record?.backgroundImg ?? null} label={label('backgroundImg')} />
            <Typography variant="caption" color="text.secondary">{translate(`${L}.backgroundHelp`)}</Typography>
          </Grid>
          <Grid size={12}><ExpiryInputs /></Grid>
          <Grid size={12}>
            <ListInput source="nftCustomFields">
              <TextInput source="name" label={label('fieldName')} />
              <TextInput source="value" label={label('fieldValue')} />
            </ListInput>
          </Grid>
          <Grid size={12}>
            <ListInput source="nftCustomLinks">
              <TextInput source="name" label={label('linkName')} />
              <TextInput source="url" label={label('linkUrl')} />
            </ListInput>
          </Grid>
          <Grid size={12}>
            <ListInput source="benefits">
              <TextInput source="title" label={label('benefitTitle')} />
              <TextInput source="contents" label={label('benefitContents')} />
            </ListInput>
          </Grid>
          <Grid size={12}>
            <ListInput source="partnersCoupon">
              <TextInput source="title" label={label('couponTitle')} />
              <TextInput source="couponNumber" label={label('couponNumber')} />
              <TextInput source="couponUrl" label={label('couponUrl')} />
              <DateInput source="endDate" label={label('couponEndDate')} />
              <BooleanInput source="offline" label={label('couponOffline')} defaultValue="N" {...yn} />
              <BooleanInput source="isIssuable" label={label('couponIssuable')} defaultValue="Y" {...yn} />
            </ListInput>
          </Grid>
          <Grid size={12}><GradeInput /></Grid>
          <Grid size={12}><BooleanInput source="isMain" label={label('isMain')} /></Grid>
    </FormCard>
  );
}
