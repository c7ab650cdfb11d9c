import { useCallback, useState } from 'react';
import { authApi } from './api';

export type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/** Sends the verification mail again and tracks the answer (the call always answers 200 for a known address). */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>('idle');
  const send = async (email: string) => {
    setState('sending');
    try {
      await authApi.resendVerification(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  const reset = useCallback(() => setState('idle'), []);
  return { state, send, reset };
}
