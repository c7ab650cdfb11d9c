import { useMemo, useState } from 'react';
import { Button, Paper, Stack } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_TEXT_MAX } from '../../domain/product';
import { yupSchemaOf } from '../../domain/resource';
import { storeResource } from '../../domain/resources/store';
import { TrackUnsavedChanges } from '../../custom/unsavedChanges';
import { submissionErrors } from '../../custom/formErrors';
import { storeBody, type Store } from './api';

const F = (field: string) => `store.fields.${field}`;

/** The store fields shared by register and edit: name (required), tag, pinned as a switch holding Y/N. */
export function StoreInputs() {
  return (
    <>
      <TextInput source="name" label={F('name')} isRequired fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      <TextInput source="tag" label={F('tag')} helperText="store.tagHelp" fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
      <BooleanInput
        source="pinned"
        label={F('pinned')}
        helperText="store.pinnedHelp"
        format={(v: unknown) => v === 'Y'}
        parse={(v: boolean) => (v ? 'Y' : 'N')}
      />
    </>
  );
}

/**
 * The register/edit form: storeSchema (src/domain/product.ts) on the client, the server's field
 * errors on the fields, the unsaved-changes prompt, 저장 and 취소.
 */
export function StoreForm({ store, save, cancelTo }: { store?: Store; save: (body: ReturnType<typeof storeBody>) => Promise<void>; cancelTo: string }) {
  const translate = useTranslate();
  // Fixed at mount: react-admin resets a form whose record changes (edit pages key the form by id).
  const [record] = useState(() => ({
    ...(store ? { id: store.id } : {}),
    name: store?.name ?? '',
    tag: store?.tag ?? '',
    pinned: store?.pinned ?? 'N',
  }));
  const resolver = useMemo(() => yupResolver(yupSchemaOf(storeResource)) as unknown as Resolver<FieldValues>, []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Form
        record={record}
        resolver={resolver}
        onSubmit={async (values: FieldValues) => {
          try {
            await save(storeBody(values));
          } catch (err) {
            return submissionErrors(err);
          }
        }}
      >
        <TrackUnsavedChanges />
        <StoreInputs />
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
