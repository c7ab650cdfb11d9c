import { GuaranteeRegister } from './GuaranteeCreate';

/** /b2b/guarantee/register/offline: a sale in a store, one product, one certificate (OFFLINE_GUARANTEE_COUNT). */
export default function GuaranteeOfflineCreate() {
  return <GuaranteeRegister offline />;
}
