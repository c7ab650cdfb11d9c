import { useMemo, useState } from 'react';
import { Button, Stack } from '@mui/material';
import { SaveButton, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Link as RouterLink } from 'react-router-dom';
import { GUARANTEE_MSG } from '../../domain/guarantee';
import { guaranteeSchema } from '../../domain/resources/guarantee';
import type { Partnership } from '../../domain/identity';
import { submissionErrors } from '../../framework/formErrors';
import type { Guarantee } from './api';
import { formValuesOf, guaranteeBody, requiresBrand } from './guaranteeFormValues';
import { GuaranteeInputs } from './GuaranteeInputs';

function SubmitButton({ issueOptions }: { issueOptions: boolean }) {
  const temporary = useWatch({ name: 'temporary' }) as boolean;
  const reserve = useWatch({ name: 'reserve' }) as boolean;
  const label = !issueOptions ? 'app.common.save' : temporary ? 'guarantee.form.submitTemporary' : reserve ? 'guarantee.form.submitReservation' : 'guarantee.form.submit';
  // Enabled before any edit: submitting an untouched register form shows the required-field messages.
  return <SaveButton label={label} alwaysEnable={issueOptions} />;
}

/** A reservation needs its number of days (the schema checks the range when given). */
function reservationErrors(values: FieldValues): Record<string, { type: string; message: string }> {
  if (values.reserve && !values.temporary && String(values.reservationDays ?? '').trim() === '') {
    return { reservationDays: { type: 'required', message: GUARANTEE_MSG.reservationDaysInvalid } };
  }
  return {};
}

/**
 * The register/edit form: guaranteeSchema (context requireBrand for cooperators), the server's field
 * errors on the fields, the unsaved-changes prompt, the submit and 취소.
 */
export function GuaranteeForm({
  partnership,
  guarantee,
  save,
  cancelTo,
  offline = false,
  issueOptions = true,
}: {
  partnership: Partnership | undefined;
  guarantee?: Guarantee;
  save: (body: Record<string, unknown>) => Promise<void>;
  cancelTo: string;
  offline?: boolean;
  issueOptions?: boolean;
}) {
  const translate = useTranslate();
  // Fixed at mount: a refetched identity or cache write must not reset what is being typed.
  const [record] = useState(() => formValuesOf(guarantee, partnership));
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const base = yupResolver(guaranteeSchema) as unknown as Resolver<FieldValues>;
    const context = { requireBrand: requiresBrand(partnership) };
    return async (values, _context, options) => {
      const result = await base(values, context, options);
      const extra = reservationErrors(values);
      if (Object.keys(extra).length === 0) return result;
      return { values: {}, errors: { ...result.errors, ...extra } };
    };
  }, [partnership]);
  return (
    <Form
      record={record}
      resolver={resolver}
      onSubmit={async (values: FieldValues) => {
        try {
          const keepUploadedImage = typeof guarantee?.productImage === 'object' && Boolean(guarantee?.productImage?.path);
          await save(guaranteeBody({ ...record, ...values }, { issueOptions, keepUploadedImage }));
        } catch (err) {
          return submissionErrors(err);
        }
      }}
    >
      <GuaranteeInputs partnership={partnership} offline={offline} issueOptions={issueOptions} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <SubmitButton issueOptions={issueOptions} />
        <Button component={RouterLink} to={cancelTo} variant="outlined">
          {translate('app.common.cancel')}
        </Button>
      </Stack>
    </Form>
  );
}
