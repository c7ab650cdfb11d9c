import { ComingSoon } from '../PageStates';

/** Placeholder until the guarantee settings screen lands. */
export default function GuaranteeSettingPage() {
  return <ComingSoon />;
}
