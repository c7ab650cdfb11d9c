import { useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { BooleanInput, RadioButtonGroupInput, SaveButton, TextInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import { useWatch, type FieldValues } from 'react-hook-form';
import { apiRequest, ApiRequestError } from '../../providers/http';
import { DEFAULT_COUNTRY_CODE } from '../../domain/guarantee';
import { fieldLabel } from '../../domain/resource';
import { customerResource } from '../../domain/resources/customer';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { ReportDirty } from '../../framework/unsavedChanges';
import { DiscardConfirm } from '../../framework/ui';
import { digitsOnly, formatPhone } from '../../domain/patterns';
import { CUSTOMER_MSG } from '../../domain/customer';
// The form checks other countries' phones too: their rule with the form, not with the list (issue 24).
import '../../domain/phoneIntl';
import type { Customer } from './api';
import { formatYmd } from './format';
import { DateInput } from '../../framework/date/DateInput';
import { customerBody, customerSchema, type CustomerFormValues } from './schema';

const { fields } = customerResource;
/** The label of a field of the customer definition, `customer.fields.<source>`. */
const F = (source: keyof typeof fields) => fieldLabel(customerResource, source);
const ynFormat = (v: unknown) => v === 'Y';
const ynParse = (v: boolean) => (v ? 'Y' : 'N');
/** An emptied field stays '' (react-admin would store null, which the domain schema reports as a type error, not as its Korean message). */
const keepText = (v: string) => v ?? '';

/** Korean numbers read 010-3456-7802; another country's number stays as typed digits. */
const phoneFormat = (countryCode: unknown) => (v: string | null | undefined) => {
  const value = String(v ?? '');
  return (String(countryCode ?? '') || DEFAULT_COUNTRY_CODE) === DEFAULT_COUNTRY_CODE ? formatPhone(value) : value;
};

/** The customer fields shared by add and edit (spec 3 Customer; phone rules of the guarantee domain). */
export function CustomerInputs() {
  const translate = useTranslate();
  const countryCode = useWatch({ name: 'countryCode' }) as unknown;
  return (
    <>
      <TextInput source="customerName" label={F('customerName')} parse={keepText} isRequired fullWidth slotProps={{ htmlInput: { maxLength: fields.customerName.max.length } }} />
      <Stack direction="row" spacing={1}>
        <Box sx={{ width: 110, flexShrink: 0 }}>
          <TextInput source="countryCode" label={F('countryCode')} parse={keepText} fullWidth slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' } }} />
        </Box>
        <TextInput
          source="customerPhone"
          label={F('customerPhone')}
          // Shown hyphenated, kept and sent as digits.
          format={phoneFormat(countryCode)}
          parse={(v: string) => digitsOnly(v ?? '')}
          helperText="customer.form.phoneHelp"
          isRequired
          fullWidth
          slotProps={{ htmlInput: { maxLength: fields.customerPhone.max.length, inputMode: 'tel' } }}
        />
      </Stack>
      <RadioButtonGroupInput
        source="userGender"
        label={F('userGender')}
        choices={[
          ...fields.userGender.options.map((id) => ({ id, name: translate(`customer.gender.${id}`) })),
          { id: '', name: translate('customer.gender.none') },
        ]}
      />
      <DateInput source="birthday" label={F('birthday')} helperText="customer.form.birthdayHelp" fullWidth />
      <TextInput source="email" label={F('email')} type="email" fullWidth />
      <BooleanInput source="isAgreeMarketing" label={F('isAgreeMarketing')} format={ynFormat} parse={ynParse} />
      <BooleanInput source="isAgreeSMS" label={F('isAgreeSMS')} format={ynFormat} parse={ynParse} />
      <BooleanInput source="isAgreeEmail" label={F('isAgreeEmail')} format={ynFormat} parse={ynParse} />
    </>
  );
}

function formRecord(customer?: Customer): CustomerFormValues & { id?: Customer['id'] } {
  const birthday = customer?.birthday ? formatYmd(customer.birthday) : '';
  return {
    ...(customer ? { id: customer.id } : {}),
    customerName: customer?.customerName ?? '',
    countryCode: customer?.countryCode ?? DEFAULT_COUNTRY_CODE,
    customerPhone: customer?.customerPhone ?? '',
    userGender: customer?.userGender ?? '',
    birthday: birthday === '-' ? '' : birthday,
    email: customer?.email ?? '',
    isAgreeMarketing: customer?.isAgreeMarketing ?? 'N',
    isAgreeSMS: customer?.isAgreeSMS ?? 'N',
    isAgreeEmail: customer?.isAgreeEmail ?? 'N',
  };
}

/**
 * 고객 추가 / 고객 정보 수정 as a dialog: POST /v1/admin/customers or PATCH /v1/admin/customers/{id}.
 * The server's field errors land on the inputs; a 409 (phone already registered in the tenant) is
 * shown on the phone field.
 */
export function CustomerFormDialog({ open, onClose, customer, onSaved }: { open: boolean; onClose: () => void; customer?: Customer; onSaved?: (saved: Customer) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [record] = useState(() => formRecord(customer));
  const resolver = useMemo(() => schemaResolver(customerSchema), []);
  const titleId = customer ? 'customer-edit-title' : 'customer-add-title';
  // Escape, the backdrop and 취소 ask before throwing typed changes away.
  const [dirty, setDirty] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const requestClose = () => (dirty ? setConfirmDiscard(true) : onClose());
  const submit = async (values: FieldValues) => {
    const body = customerBody(values as CustomerFormValues);
    try {
      const saved = customer
        ? await apiRequest<Customer>(`/v1/admin/customers/${encodeURIComponent(String(customer.customerIdx))}`, { method: 'PATCH', body })
        : await apiRequest<Customer>('/v1/admin/customers', { method: 'POST', body });
      notify(customer ? 'customer.saved' : 'customer.created', { type: 'success' });
      refresh();
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409 && !(err.errors && Object.keys(err.errors).length)) {
        return { customerPhone: err.message || CUSTOMER_MSG.phoneDuplicate };
      }
      return submissionErrors(err, { present: true });
    }
    return undefined;
  };
  return (
    <Dialog open={open} onClose={requestClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(customer ? 'customer.edit' : 'customer.add')}</DialogTitle>
      <Form record={record} resolver={resolver} onSubmit={submit}>
        <ReportDirty onChange={setDirty} />
        <DialogContent>
          <CustomerInputs />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={requestClose}>{translate('app.common.cancel')}</Button>
          <SaveButton label="app.common.save" />
        </DialogActions>
      </Form>
      <DiscardConfirm
        open={confirmDiscard}
        title="customer.form.discardTitle"
        onDiscard={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onKeep={() => setConfirmDiscard(false)}
      />
    </Dialog>
  );
}
