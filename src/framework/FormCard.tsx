import { useMemo, type ReactNode } from 'react';
import { Button, Grid, Paper, Stack } from '@mui/material';
import { SaveButton, useTranslate } from 'react-admin';
import { Form } from './Form';
import type { FieldValues, Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { AnyObjectSchema } from 'yup';
import { Link as RouterLink } from 'react-router-dom';
import { submissionErrors } from './formErrors';

/**
 * The space between a form's rows: an outlined field's floating label stands 9 px above its box,
 * so without it the label sat on the row above's error line (issue 23 item 9).
 */
export const FORM_ROW_SPACING = 1.5;

export interface FormCardProps {
  /** The form's starting values. */
  values: FieldValues;
  /** The domain's yup schema, the one the server checks with. */
  schema: AnyObjectSchema;
  save: (body: FieldValues) => Promise<void>;
  cancelTo: string;
  submitLabel?: string;
  /** The inputs, each in its grid cell. */
  children: ReactNode;
}

/**
 * A bespoke form on its card: the domain schema checks it as the server does, the server's field
 * errors land on the inputs, leaving with changes asks first, then 저장 and 취소.
 */
export function FormCard({ values, schema, save, cancelTo, submitLabel = 'app.common.save', children }: FormCardProps) {
  const translate = useTranslate();
  const resolver = useMemo(() => yupResolver(schema) as unknown as Resolver<FieldValues>, [schema]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Form record={values} resolver={resolver} onSubmit={async (v: FieldValues) => {
        try {
          await save(v);
        } catch (err) {
          return submissionErrors(err);
        }
      }}>
        <Grid container columnSpacing={2} rowSpacing={FORM_ROW_SPACING}>{children}</Grid>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <SaveButton label={submitLabel} />
          <Button component={RouterLink} to={cancelTo} variant="outlined">{translate('app.common.cancel')}</Button>
        </Stack>
      </Form>
    </Paper>
  );
}
