import { ComingSoon } from '../PageStates';

/** Placeholder until the guarantee bulk issue lands. */
export function GuaranteeExcelUpload() {
  return <ComingSoon />;
}
