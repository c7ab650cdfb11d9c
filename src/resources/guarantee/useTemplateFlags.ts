import { useWatch } from 'react-hook-form';
import { useTemplateFields } from './api';

/** Which optional product inputs the chosen template shows (material, size, weight, product image). */
export function useTemplateFlags() {
  const templateIdx = useWatch({ name: 'nftTemplateIdx' }) as number | '' | null;
  const fields = useTemplateFields(typeof templateIdx === 'number' ? templateIdx : templateIdx ? Number(templateIdx) : null);
  const d = fields.data;
  return { material: d?.useFieldMaterial === 'Y', size: d?.useFieldSize === 'Y', weight: d?.useFieldWeight === 'Y', image: d?.useNftProdImage === 'Y' };
}
