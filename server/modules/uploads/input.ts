import * as yup from 'yup';
import { FIELD_MSG } from '../../../src/domain/messages';
import { idxSchema } from '../../../src/domain/integers';
import { STORAGE_KEY } from '../../providers/storage';
import { normalizeExt } from './sniff';

/** The signed upload's request: an image extension (jpeg and a leading dot accepted), and the certificate it is for, which is only received. */
export const uploadRequestSchema = yup.object({
  ext: yup.string().required(FIELD_MSG.uploadExtInvalid).test('image-ext', FIELD_MSG.uploadExtInvalid, (v) => normalizeExt(v) !== null),
  nftIdx: idxSchema(FIELD_MSG.valueInvalid).nullable(),
});

/** The signed upload's confirmation: the path the request answered. */
export const uploadConfirmSchema = yup.object({
  path: yup.string().required(FIELD_MSG.uploadPathInvalid).matches(STORAGE_KEY, FIELD_MSG.uploadPathInvalid),
});
