import { useMemo, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { PasswordInput, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import type { FieldValues } from 'react-hook-form';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { customerApi } from './api';
import { DOWNLOAD_REASON_MAX, downloadSchema } from './schema';

const EMPTY = { email: '', password: '', reason: '' };

/**
 * 고객 다운로드: the request dialog (spec 3 section 5): e-mail, a file password (≥ 6 with a letter,
 * a digit and a special character), a reason. POST /customer/v1/overview/download mails the zipped
 * export; the toast says where it went.
 */
export function DownloadDialog({ defaultEmail = '' }: { defaultEmail?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const resolver = useMemo(() => schemaResolver(downloadSchema), []);
  const record = useMemo(() => ({ ...EMPTY, email: defaultEmail }), [defaultEmail]);
  const submit = async (values: FieldValues) => {
    const email = String(values.email ?? '').trim();
    try {
      await customerApi.requestDownload({ email, password: String(values.password ?? ''), reason: String(values.reason ?? '').trim() });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
    notify('customer.download.sent', { type: 'success', messageArgs: { email } });
    setOpen(false);
    return undefined;
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => setOpen(true)}>
        {translate('customer.download.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="customer-download-title">
          <DialogTitle id="customer-download-title">{translate('customer.download.title')}</DialogTitle>
          <Form record={record} resolver={resolver} onSubmit={submit}>
            <DialogContent sx={{ pt: 0 }}>
              <DialogContentText variant="body2" sx={{ mb: 2 }}>
                {translate('customer.download.description')}
              </DialogContentText>
              <TextInput source="email" type="email" label="customer.download.email" isRequired fullWidth />
              <PasswordInput source="password" label="customer.download.password" helperText="customer.download.passwordHelp" isRequired fullWidth />
              <TextInput source="reason" label="customer.download.reason" isRequired fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: DOWNLOAD_REASON_MAX } }} />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setOpen(false)}>{translate('customer.download.cancel')}</Button>
              <SaveButton label="customer.download.submit" icon={<FileDownloadOutlinedIcon />} />
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </>
  );
}
