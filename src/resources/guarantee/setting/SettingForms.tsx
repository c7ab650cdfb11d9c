import { useMemo } from 'react';
import { Autocomplete, Box, Chip, Divider, Stack, TextField, Typography } from '@mui/material';
import { ArrayInput, SaveButton, SimpleFormIterator, TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import { useController, type FieldValues } from 'react-hook-form';
import { DEFAULT_CUSTOM_CONTENT_TITLES, fieldSettingSchema, templateSettingSchema, TEMPLATE_CONTENT_MAX, TEMPLATE_LIST_MAX, TEMPLATE_TEXT_MAX } from '../../../domain/guarantee';
import { schemaResolver, submissionErrors } from '../../../framework/formErrors';
import { ReportDirty } from '../../../framework/unsavedChanges';
import { PageLoading } from '../../../framework/PageStates';
import {
  FIELD_SWITCHES,
  saveFieldSetting,
  saveTemplateSetting,
  USER_MINTING_FIELDS,
  useFieldSetting,
  useStores,
  type CustomContent,
  type FieldSettingInput,
  type StoreOption,
  type Template,
  type TemplateSettingInput,
  type YN,
} from './api';
import { CheckboxListInput, iteratorSx, keepText, YesNoSwitch } from './inputs';

const yn = (v: unknown, fallback: YN): YN => (v === 'Y' || v === 'N' ? v : fallback);

/** The field settings of a template as the form's record: the answer of GET /{id}/nft/field over the row. */
export function fieldSettingRecord(t: Template, got: Partial<FieldSettingInput> | undefined): FieldSettingInput & { id: number } {
  const contents = got?.nftCustomContents ?? t.nftCustomContents ?? [];
  return {
    id: t.idx,
    nftCustomFields: got?.nftCustomFields ?? t.nftCustomFields ?? [],
    nftCustomContents: contents.length ? contents.map((c) => ({ title: c.title ?? '', contents: c.contents ?? '' })) : DEFAULT_CUSTOM_CONTENT_TITLES.map((title) => ({ title, contents: '' })),
    useFieldMaterial: yn(got?.useFieldMaterial ?? t.useFieldMaterial, 'N'),
    useFieldSize: yn(got?.useFieldSize ?? t.useFieldSize, 'N'),
    useFieldWeight: yn(got?.useFieldWeight ?? t.useFieldWeight, 'N'),
    useNftProdImage: yn(got?.useNftProdImage ?? t.useNftProdImage, 'Y'),
  };
}

/** The PATCH /{id}/nft/field body: every field of the schema, the template's custom fields kept as they are. */
export function toFieldSettingInput(values: FieldValues): FieldSettingInput {
  const contents = (values.nftCustomContents as CustomContent[] | undefined) ?? [];
  return {
    nftCustomFields: ((values.nftCustomFields as FieldSettingInput['nftCustomFields'] | undefined) ?? []).map((f) => ({ name: f.name, value: f.value ?? '' })),
    nftCustomContents: contents.map((c) => ({ title: String(c?.title ?? '').trim(), contents: String(c?.contents ?? '') })),
    useFieldMaterial: yn(values.useFieldMaterial, 'N'),
    useFieldSize: yn(values.useFieldSize, 'N'),
    useFieldWeight: yn(values.useFieldWeight, 'N'),
    useNftProdImage: yn(values.useNftProdImage, 'Y'),
  };
}

/** A settings form's submit: the save, then the saved toast and onSaved, or the server's field errors into the form. */
function useSettingSubmit(onSaved: () => void) {
  const notify = useNotify();
  return async (save: () => Promise<unknown>, savedMessage: string) => {
    try {
      await save();
      notify(savedMessage, { type: 'success' });
      onSaved();
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
}

/**
 * The form-shaping settings of the selected template (spec 2 section 3, Guarantee settings): the
 * custom contents shown on the certificate (defaults 보증 기간 / 교환 및 반품 안내 / A/S 주의사항) and
 * which fields the issue form asks for.
 */
export function FieldSettingForm({ template, onSaved, onDirtyChange }: { template: Template; onSaved: () => void; onDirtyChange?: (dirty: boolean) => void }) {
  const translate = useTranslate();
  const submit = useSettingSubmit(onSaved);
  const { data, isPending } = useFieldSetting(template.idx);
  const record = useMemo(() => fieldSettingRecord(template, data), [template, data]);
  if (isPending) return <PageLoading />;
  return (
    <Form
      key={template.idx}
      record={record}
      resolver={schemaResolver(fieldSettingSchema)}
      onSubmit={(values: FieldValues) => submit(() => saveFieldSetting(template.idx, toFieldSettingInput(values)), 'template.form.saved')}
    >
      <ReportDirty onChange={onDirtyChange} />
      <Stack spacing={2}>
        <Box role="group" aria-label={translate('template.form.contents')}>
          <Typography component="h3" variant="body2" sx={{ fontWeight: 600 }}>
            {translate('template.form.contents')}
          </Typography>
          <ContentsInput />
        </Box>
        <Divider />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {translate('template.form.switches')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {FIELD_SWITCHES.map((s) => (
              <YesNoSwitch key={s} source={s} label={`template.form.${s}`} />
            ))}
          </Box>
        </Box>
        <Box>
          <SaveButton label="template.form.save" />
        </Box>
      </Stack>
    </Form>
  );
}

function ContentsInput() {
  const { field } = useController({ name: 'nftCustomContents' });
  const count = ((field.value as unknown[] | undefined) ?? []).length;
  return (
    <ArrayInput source="nftCustomContents" label={false}>
      <SimpleFormIterator disableReordering disableClear disableAdd={count >= TEMPLATE_LIST_MAX} sx={iteratorSx}>
        <TextInput source="title" label="template.form.contentTitle" parse={keepText} fullWidth helperText={false} slotProps={{ htmlInput: { maxLength: TEMPLATE_TEXT_MAX } }} />
        <TextInput source="contents" label="template.form.contentBody" parse={keepText} fullWidth multiline minRows={2} helperText={false} slotProps={{ htmlInput: { maxLength: TEMPLATE_CONTENT_MAX } }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The template-level issue-later settings as the form's record. */
export function templateSettingRecord(t: Template): TemplateSettingInput & { id: number } {
  return {
    id: t.idx,
    userMintingField: t.userMintingField ?? [],
    useUserMinting: yn(t.useUserMinting, 'N'),
    filteringStores: t.filteringStores ?? [],
    useAllPlaceSearch: yn(t.useAllPlaceSearch, 'Y'),
  };
}

function StoresInput() {
  const translate = useTranslate();
  const { data: stores = [], isPending } = useStores();
  const { field, fieldState } = useController({ name: 'filteringStores' });
  const value = (field.value as number[] | undefined) ?? [];
  const byIdx = new Map(stores.map((s) => [s.idx, s]));
  // A store deleted since it was picked still shows (by number) so it can be removed.
  const selected: StoreOption[] = value.map((idx) => byIdx.get(idx) ?? { idx, name: `#${idx}` });
  return (
    <Autocomplete
      multiple
      options={stores}
      loading={isPending}
      value={selected}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.idx === b.idx}
      noOptionsText={translate('template.issueLater.noStores')}
      onChange={(_, next) => field.onChange(next.map((s) => s.idx))}
      renderValue={(items, getItemProps) => items.map((s, index) => <Chip size="small" label={s.name} {...getItemProps({ index })} key={s.idx} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={translate('template.issueLater.filteringStores')}
          helperText={fieldState.error?.message ?? translate('template.issueLater.filteringStoresHelp')}
          error={Boolean(fieldState.error)}
        />
      )}
    />
  );
}

/** The 나중에 발급 tab: customers apply for a certificate themselves (PATCH /{id}/setting). */
export function IssueLaterForm({ template, onSaved, onDirtyChange }: { template: Template; onSaved: () => void; onDirtyChange?: (dirty: boolean) => void }) {
  const translate = useTranslate();
  const submit = useSettingSubmit(onSaved);
  const record = useMemo(() => templateSettingRecord(template), [template]);
  const options = USER_MINTING_FIELDS.map((value) => ({ value, label: translate(`template.mintingFields.${value}`) }));
  return (
    <Form
      key={template.idx}
      record={record}
      resolver={schemaResolver(templateSettingSchema)}
      onSubmit={(values: FieldValues) => {
        const body: TemplateSettingInput = {
          userMintingField: (values.userMintingField as string[] | undefined) ?? [],
          useUserMinting: yn(values.useUserMinting, 'N'),
          filteringStores: (values.filteringStores as number[] | undefined) ?? [],
          useAllPlaceSearch: yn(values.useAllPlaceSearch, 'Y'),
        };
        return submit(() => saveTemplateSetting(template.idx, body), 'template.issueLater.saved');
      }}
    >
      <ReportDirty onChange={onDirtyChange} />
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {translate('template.issueLater.help')}
        </Typography>
        <YesNoSwitch source="useUserMinting" label="template.issueLater.useUserMinting" />
        <CheckboxListInput source="userMintingField" label="template.issueLater.userMintingField" options={options} />
        <StoresInput />
        <YesNoSwitch source="useAllPlaceSearch" label="template.issueLater.useAllPlaceSearch" />
        <Box>
          <SaveButton label="template.issueLater.save" />
        </Box>
      </Stack>
    </Form>
  );
}
