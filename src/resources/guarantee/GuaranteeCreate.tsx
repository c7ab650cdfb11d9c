import { ComingSoon } from '../../custom/PageStates';

/** Placeholder until the guarantee screens land. */
export default function GuaranteeCreate() {
  return <ComingSoon />;
}
