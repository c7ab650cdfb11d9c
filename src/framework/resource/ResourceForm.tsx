import { useMemo, useState, type ReactNode } from 'react';
import { Button, Grid, Paper, Stack } from '@mui/material';
import { SaveButton, useTranslate, type RaRecord } from 'react-admin';
import { Form } from '../Form';
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Link as RouterLink } from 'react-router-dom';
import { bodyOf, formValueOf, inputFields, yupSchemaOf, type FieldDef, type Resource } from '../../domain/resource';
import { submissionErrors } from '../formErrors';
import { FORM_ROW_SPACING } from '../FormCard';
import { FieldInput } from './FieldInput';

/** The resource's own inputs by source, where its kind has no generic one (a brand picker, an image upload). */
export type BespokeInputs = Partial<Record<string, ReactNode>>;

/** One input in its grid cell, unless its `shownWhen` field holds another value. */
function InputSlot({ field, children }: { field: FieldDef; children: ReactNode }) {
  const watched = useWatch({ name: field.shownWhen?.field ?? '', disabled: !field.shownWhen });
  if (field.shownWhen && !field.shownWhen.in.includes(watched)) return null;
  return <Grid size={{ xs: 12, md: field.span ?? 12 }}>{children}</Grid>;
}

/** The inputs of a resource's register and edit form, in declaration order, each as wide as its `span`. */
export function ResourceInputs({ def, inputs = {} }: { def: Resource; inputs?: BespokeInputs }) {
  return (
    <Grid container columnSpacing={2} rowSpacing={FORM_ROW_SPACING}>
      {inputFields(def)
        .filter(([, field]) => field.input !== false)
        .map(([source, field]) => (
          <InputSlot key={source} field={field}>
            {inputs[source] ?? <FieldInput def={def} source={source} field={field} />}
          </InputSlot>
        ))}
    </Grid>
  );
}

export interface ResourceFormProps {
  def: Resource;
  record?: RaRecord;
  save: (body: Record<string, unknown>) => Promise<void>;
  cancelTo: string;
  /** Values of a new record (e.g. a brand account's own brand). */
  defaults?: Record<string, unknown>;
  /** The yup context of the definition's rules (e.g. `requireBrand` for cooperators). */
  context?: Record<string, unknown>;
  inputs?: BespokeInputs;
}

/**
 * The register/edit form of a resource: the yup schema derived from its definition on the client,
 * the server's field errors on the fields, the unsaved-changes prompt, 저장 and 취소. The form keeps
 * every input field, those without an input too, so an edit sends them back unchanged.
 */
export function ResourceForm({ def, record: given, save, cancelTo, defaults = {}, context, inputs }: ResourceFormProps) {
  const translate = useTranslate();
  // Fixed at mount: react-admin resets a form whose record changes (edit pages key the form by id).
  const [record] = useState(() => ({
    ...(given ? { id: given.id } : {}),
    ...Object.fromEntries(inputFields(def).map(([s, f]) => [s, formValueOf(f, given?.[s] ?? defaults[s])])),
  }));
  // The form's own resolver context is empty, and yupResolver passes it over schema options: give ours here.
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const base = yupResolver(yupSchemaOf(def)) as unknown as Resolver<FieldValues>;
    return (values, formContext, options) => base(values, context ?? formContext, options);
  }, [def, context]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Form
        record={record}
        resolver={resolver}
        onSubmit={async (values: FieldValues) => {
          try {
            await save(bodyOf(def, values));
          } catch (err) {
            return submissionErrors(err);
          }
        }}
      >
        <ResourceInputs def={def} inputs={inputs} />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <SaveButton label="app.common.save" />
          <Button component={RouterLink} to={cancelTo} variant="outlined">
            {translate('app.common.cancel')}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
