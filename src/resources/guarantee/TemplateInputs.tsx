import { useEffect, useMemo } from 'react';
import { Grid } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PRODUCT_TEXT_MAX } from '../../domain/product';
import { useTemplateFields, useTemplateList } from './api';
import { F, SELECT_SX, emptyToNull } from './guaranteeFieldProps';

/** The template select (main one preselected) and, from its field settings, the custom field inputs. */
export function TemplateInputs() {
  const translate = useTranslate();
  const { resetField, getValues, setValue } = useFormContext();
  const templates = useTemplateList();
  const templateIdx = useWatch({ name: 'nftTemplateIdx' }) as number | '' | null;
  const choices = useMemo(
    () => (templates.data ?? []).map((t) => ({ id: t.idx, name: t.status === 'STOP' ? `${t.nftCardName} (${translate('guarantee.form.templateStopped')})` : t.nftCardName, disabled: t.status === 'STOP' })),
    [templates.data, translate],
  );
  // The main template is preselected (as the form's default, so it does not count as an edit).
  useEffect(() => {
    if (getValues('nftTemplateIdx') !== '' && getValues('nftTemplateIdx') !== null) return;
    const list = templates.data ?? [];
    const main = list.find((t) => t.isMain && t.status !== 'STOP') ?? list.find((t) => t.status !== 'STOP');
    if (main) resetField('nftTemplateIdx', { defaultValue: main.idx });
  }, [templates.data, getValues, resetField]);
  const fields = useTemplateFields(typeof templateIdx === 'number' ? templateIdx : templateIdx ? Number(templateIdx) : null);
  // The template's custom fields, keeping values already typed (or saved) under the same names.
  useEffect(() => {
    if (!fields.data) return;
    const current = (getValues('customFields') as { name: string; value?: string }[] | undefined) ?? [];
    const next = fields.data.nftCustomFields.map((f) => ({ name: f.name, value: current.find((c) => c.name === f.name)?.value ?? f.value ?? '' }));
    // Not a registered input (resetField would ignore it): set without marking the form dirty.
    setValue('customFields', next, { shouldDirty: false });
  }, [fields.data, getValues, setValue]);
  const customFields = (useWatch({ name: 'customFields' }) as { name: string }[] | undefined) ?? [];

  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          source="nftTemplateIdx"
          label={F('nftTemplateIdx')}
          choices={choices}
          isPending={templates.isPending}
          emptyText="app.common.none"
          parse={emptyToNull}
          helperText={templates.data && templates.data.length === 0 ? 'guarantee.form.noTemplate' : false}
          fullWidth
          sx={SELECT_SX}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} />
      {customFields.map((c, i) => (
        <Grid key={c.name} size={{ xs: 12, md: 6 }}>
          <TextInput source={`customFields.${i}.value`} label={c.name} fullWidth slotProps={{ htmlInput: { maxLength: PRODUCT_TEXT_MAX } }} />
        </Grid>
      ))}
    </>
  );
}
