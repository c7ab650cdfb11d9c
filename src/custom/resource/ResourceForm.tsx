import { useMemo, useState } from 'react';
import { Button, Paper, Stack } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Link as RouterLink } from 'react-router-dom';
import { bodyOf, fieldLabel, inputFields, yupSchemaOf, type FieldDef, type Resource } from '../../domain/resource';
import { TrackUnsavedChanges } from '../unsavedChanges';
import { submissionErrors } from '../formErrors';

/** The input of one declared field: a text box (its limit as maxLength) or a Y/N switch; helper `<name>.<source>Help`. */
function FieldInput({ def, source, field }: { def: Resource; source: string; field: FieldDef }) {
  const label = fieldLabel(def, source);
  const helperText = field.help ? `${def.name}.${source}Help` : undefined;
  if (field.type === 'text') {
    return <TextInput source={source} label={label} helperText={helperText} isRequired={!!field.required} fullWidth slotProps={{ htmlInput: { maxLength: field.max?.length } }} />;
  }
  if (field.type === 'flag') {
    return <BooleanInput source={source} label={label} helperText={helperText} format={(v: unknown) => v === 'Y'} parse={(v: boolean) => (v ? 'Y' : 'N')} />;
  }
  return null;
}

/** The inputs of a resource's register and edit form, in declaration order. */
export function ResourceInputs({ def }: { def: Resource }) {
  return <>{inputFields(def).map(([source, field]) => <FieldInput key={source} def={def} source={source} field={field} />)}</>;
}

export interface ResourceFormProps {
  def: Resource;
  record?: RaRecord;
  save: (body: Record<string, unknown>) => Promise<void>;
  cancelTo: string;
}

/**
 * The register/edit form of a resource: the yup schema derived from its definition on the client,
 * the server's field errors on the fields, the unsaved-changes prompt, 저장 and 취소.
 */
export function ResourceForm({ def, record: given, save, cancelTo }: ResourceFormProps) {
  const translate = useTranslate();
  // Fixed at mount: react-admin resets a form whose record changes (edit pages key the form by id).
  const [record] = useState(() => ({
    ...(given ? { id: given.id } : {}),
    ...Object.fromEntries(inputFields(def).map(([s, f]) => [s, given?.[s] ?? (f.type === 'flag' ? f.default : '')])),
  }));
  const resolver = useMemo(() => yupResolver(yupSchemaOf(def)) as unknown as Resolver<FieldValues>, [def]);
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
        <TrackUnsavedChanges />
        <ResourceInputs def={def} />
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
