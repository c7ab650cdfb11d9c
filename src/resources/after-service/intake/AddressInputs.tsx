import { Button, Stack } from '@mui/material';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

/** Kakao (Daum) postcode search: loaded only on a click, and only where the browser reaches it. */
const POSTCODE_SRC = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
interface PostcodeResult { zonecode: string; roadAddress: string; jibunAddress: string }
type PostcodeApi = new (opts: { oncomplete: (r: PostcodeResult) => void }) => { open: () => void };
const postcodeApi = () => (window as unknown as { daum?: { Postcode?: PostcodeApi } }).daum?.Postcode;

function loadPostcode(): Promise<PostcodeApi | null> {
  const ready = postcodeApi();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = POSTCODE_SRC;
    script.async = true;
    script.onload = () => resolve(postcodeApi() ?? null);
    script.onerror = () => {
      script.remove();
      resolve(null);
    };
    document.head.appendChild(script);
  });
}

/** The receiver's address: typed by hand always; 우편번호 찾기 fills the postcode and the road address when the service loads. */
export function AddressInputs() {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const search = async () => {
    const Postcode = await loadPostcode();
    if (!Postcode) {
      notify('afterServiceIntake.address.unavailable', { type: 'info' });
      return;
    }
    new Postcode({
      oncomplete: (r) => {
        setValue('receiverZipCode', r.zonecode, { shouldDirty: true, shouldValidate: true });
        setValue('receiverAddress1', r.roadAddress || r.jibunAddress, { shouldDirty: true, shouldValidate: true });
      },
    }).open();
  };
  return (
    <Stack spacing={0}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput source="receiverZipCode" label="afterServiceIntake.form.receiverZipCode" sx={{ maxWidth: 200 }} />
        <Button variant="outlined" onClick={() => void search()} sx={{ mt: 1, whiteSpace: 'nowrap' }}>{translate('afterServiceIntake.address.search')}</Button>
      </Stack>
      <TextInput source="receiverAddress1" label="afterServiceIntake.form.receiverAddress1" />
      <TextInput source="receiverAddress2" label="afterServiceIntake.form.receiverAddress2" />
    </Stack>
  );
}
