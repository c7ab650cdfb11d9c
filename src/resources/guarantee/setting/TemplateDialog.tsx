import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Stack, Switch, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ArrayInput, SaveButton, SimpleFormIterator, TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import { useController, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { templateSchema, TEMPLATE_LIST_MAX, TEMPLATE_TEXT_MAX } from '../../../domain/guarantee';
import { schemaResolver, submissionErrors } from '../../../framework/formErrors';
import { DiscardConfirm } from '../../../framework/ui';
import { createTemplate, templateInput, updateTemplate, type CustomField, type CustomLink, type Template, type TemplateInput } from './api';
import { BackgroundImageInput, iteratorSx, keepText } from './inputs';

/** What the dialog's form submits, shaped as the API body. */
export function toTemplateInput(values: FieldValues): TemplateInput {
  const fields = (values.nftCustomFields as CustomField[] | undefined) ?? [];
  const links = (values.nftCustomLinks as CustomLink[] | undefined) ?? [];
  return {
    templateType: 'GUARANTEE',
    nftCardName: String(values.nftCardName ?? '').trim(),
    isMain: Boolean(values.isMain),
    backgroundImg: (values.backgroundImg as string | null | undefined) || null,
    nftCustomFields: fields.map((f) => ({ name: String(f?.name ?? '').trim(), value: String(f?.value ?? '').trim() })),
    nftCustomLinks: links.map((l) => ({ name: String(l?.name ?? '').trim(), url: String(l?.url ?? '').trim() })),
  };
}

function MainSwitch() {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'isMain' });
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} inputRef={field.ref} />}
        label={translate('template.fields.isMain')}
      />
      {/* e.g. a stopped template cannot become the main one (the server's errors.isMain). */}
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}

/** A titled group around an ArrayInput, so its add/remove buttons can be told apart. */
function ListGroup({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box role="group" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h3" variant="body2" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(help)}
      </Typography>
      {children}
    </Box>
  );
}

/** The dialog's inputs (inside the form: the list lengths cap the add buttons). */
function TemplateFields({ savedUrl }: { savedUrl: string | null }) {
  const fieldCount = ((useWatch({ name: 'nftCustomFields' }) as unknown[] | undefined) ?? []).length;
  const linkCount = ((useWatch({ name: 'nftCustomLinks' }) as unknown[] | undefined) ?? []).length;
  return (
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextInput source="nftCardName" label="template.fields.nftCardName" parse={keepText} fullWidth autoFocus slotProps={{ htmlInput: { maxLength: TEMPLATE_TEXT_MAX } }} />
          <BackgroundImageInput savedUrl={savedUrl} />
          <ListGroup title="template.fields.nftCustomFields" help="template.fields.nftCustomFieldsHelp">
            <ArrayInput source="nftCustomFields" label={false}>
              <SimpleFormIterator inline disableReordering disableClear disableAdd={fieldCount >= TEMPLATE_LIST_MAX} sx={iteratorSx}>
                <TextInput source="name" label="template.fields.fieldName" parse={keepText} helperText={false} />
                <TextInput source="value" label="template.fields.fieldValue" parse={keepText} helperText={false} />
              </SimpleFormIterator>
            </ArrayInput>
          </ListGroup>
          <ListGroup title="template.fields.nftCustomLinks" help="template.fields.nftCustomLinksHelp">
            <ArrayInput source="nftCustomLinks" label={false}>
              <SimpleFormIterator inline disableReordering disableClear disableAdd={linkCount >= TEMPLATE_LIST_MAX} sx={iteratorSx}>
                <TextInput source="name" label="template.fields.linkName" parse={keepText} helperText={false} />
                <TextInput source="url" label="template.fields.linkUrl" parse={keepText} helperText={false} slotProps={{ htmlInput: { inputMode: "url", autoCapitalize: "none" } }} />
              </SimpleFormIterator>
            </ArrayInput>
          </ListGroup>
          <MainSwitch />
        </Stack>
      </DialogContent>
  );
}

function Actions({ creating, onCancel }: { creating: boolean; onCancel: (dirty: boolean) => void }) {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={() => onCancel(isDirty)}>{translate('template.dialog.cancel')}</Button>
      <SaveButton label={creating ? 'template.dialog.create' : 'template.dialog.save'} alwaysEnable={creating || undefined} />
    </DialogActions>
  );
}

/**
 * Create or edit a guarantee template (spec 2 section 3, Template): card name (required), background
 * image, custom fields (name/value), custom links (name and URL, both required), main. Validated
 * by the shared templateSchema; server field errors land on the inputs.
 */
export function TemplateDialog({ template, open, onClose, onSaved, firstTemplate = false }: { template: Template | null; open: boolean; onClose: () => void; onSaved: (t: Template) => void; firstTemplate?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const dirtyRef = useRef(false);
  const creating = template === null;
  const record = useMemo(
    () => (template ? { id: template.idx, ...templateInput(template) } : { nftCardName: '', isMain: firstTemplate, backgroundImg: null, nftCustomFields: [], nftCustomLinks: [] }),
    [template, firstTemplate],
  );

  const requestClose = (dirty: boolean) => {
    dirtyRef.current = dirty;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  return (
    <Dialog open={open} onClose={() => requestClose(dirtyRef.current)} aria-labelledby={titleId} fullScreen={narrow} fullWidth maxWidth="sm">
      <Form
        record={record}
        resolver={schemaResolver(templateSchema)}
        onSubmit={async (values: FieldValues) => {
          try {
            const body = toTemplateInput(values);
            const saved = template ? await updateTemplate(template.idx, body) : await createTemplate(body);
            notify(creating ? 'template.dialog.created' : 'template.dialog.updated', { type: 'success' });
            onSaved(saved);
          } catch (err) {
            return submissionErrors(err, { present: true });
          }
        }}
      >
        <DirtyWatcher
          onChange={(d) => {
            dirtyRef.current = d;
          }}
        />
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {translate(creating ? 'template.dialog.createTitle' : 'template.dialog.editTitle')}
        </DialogTitle>
        <TemplateFields savedUrl={template?.backgroundImg?.url ?? null} />
        <Actions creating={creating} onCancel={requestClose} />
      </Form>
      <DiscardConfirm
        open={confirmDiscard}
        title="template.dialog.discardTitle"
        onDiscard={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onKeep={() => setConfirmDiscard(false)}
      />
    </Dialog>
  );
}

/** Tells the dialog whether the form holds changes (closing by Escape or the backdrop then asks). */
function DirtyWatcher({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  return null;
}
