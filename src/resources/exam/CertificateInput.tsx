import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { fieldLabel } from '../../domain/resource';
import { examResource } from '../../domain/resources/exam';
import { EXAM_MSG } from '../../domain/exam';
import { guaranteeResource } from '../../domain/resources/guarantee';
import { apiRequest } from '../../providers/http';

interface Certificate {
  idx: number;
  nftNumber: string;
  productName: string;
}

const NFT = guaranteeResource.apiPath;
const byNumber = (nftNumber: string) =>
  apiRequest<{ list: Certificate[] }>(NFT, { query: { page: 1, pageSize: 2, search: 'nftNumber', keyword: nftNumber } });

/**
 * The certificate of an inspection by the number the brand sees on it (G261127-0000001, issue 23
 * #17), not its address's id: looked up when the field is left (GET /v1/admin/nft, searched by
 * number); the form keeps the found certificate's idx in `nftIdx`. Empty: no certificate.
 */
export function CertificateInput() {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'nftIdx' });
  const [text, setText] = useState('');
  const [found, setFound] = useState<Certificate | null>(null);
  const [missing, setMissing] = useState(false);

  // An edit shows the saved certificate's number.
  useEffect(() => {
    if (!field.value || found) return;
    void apiRequest<Certificate>(`${NFT}/${field.value}`).then((c) => {
      setFound(c);
      setText(c.nftNumber);
    }, () => undefined);
  }, [field.value, found]);

  const look = async () => {
    const number = text.trim().toUpperCase();
    setMissing(false);
    if (!number) return field.onChange(null);
    if (found?.nftNumber === number) return;
    const match = (await byNumber(number).catch(() => ({ list: [] as Certificate[] }))).list.find((c) => c.nftNumber === number) ?? null;
    setFound(match);
    setMissing(!match);
    field.onChange(match?.idx ?? null);
  };

  const error = missing ? EXAM_MSG.certificateInvalid : fieldState.error?.message;
  return (
    <TextField
      label={translate(fieldLabel(examResource, 'nftIdx'))}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        setFound(null);
      }}
      onBlur={() => void look()}
      error={!!error}
      helperText={error ?? (found ? found.productName : translate('exam.nftIdxHelp'))}
      placeholder="G261127-0000001"
      fullWidth
      size="small"
      margin="dense"
    />
  );
}
