import { useCallback, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { asPhoneText } from '../../../domain/afterService';

export type FillReceiver = (name: string, phone: string) => void;

/**
 * The picked certificate's orderer or customer as the default 받는 분 (issue 23 #20): each field is
 * filled while it is empty or still holds the previous pick's value, so what the user typed stays.
 */
export function useReceiverDefault(): FillReceiver {
  const { setValue, getValues } = useFormContext();
  const filled = useRef({ receiverName: '', receiverPhone: '' });
  return useCallback((name: string, phone: string) => {
    const next = { receiverName: name, receiverPhone: asPhoneText(phone) };
    for (const key of ['receiverName', 'receiverPhone'] as const) {
      const current = String(getValues(key) ?? '');
      if (!current || current === filled.current[key]) setValue(key, next[key], { shouldValidate: Boolean(next[key]) });
    }
    filled.current = next;
  }, [setValue, getValues]);
}
