import { useState } from 'react';
import { FIELD_MSG } from '../../domain/messages';
import { digitsOnly, isValidBusinessNumber } from '../../domain/patterns';
import { authApi } from './api';

/** Whether a valid business number is already registered, asked once per number when its field is left. */
export function useBusinessNumberCheck(businessNum: string) {
  const [bizCheck, setBizCheck] = useState<{ digits: string; duplicated: boolean } | null>(null);
  const dupError = bizCheck && bizCheck.duplicated && bizCheck.digits === digitsOnly(businessNum) ? FIELD_MSG.businessNumDuplicate : undefined;

  const check = async (value: string) => {
    const digits = digitsOnly(value);
    if (!isValidBusinessNumber(value) || bizCheck?.digits === digits) return;
    try {
      const res = await authApi.businessNoDuplication(digits);
      setBizCheck({ digits, duplicated: Boolean(res?.duplicated) });
    } catch {
      // The server checks again on sign-up.
    }
  };

  return { dupError, check };
}
