import { useState } from 'react';
import { SignUpFormStep } from './SignUpFormStep';
import { SignUpSentStep } from './SignUpSentStep';

/**
 * /auth/signup (spec 1 sections 3, 4, 5): the e-mail first; once it is valid and free, the password and
 * the consents; once those are done, the business number, phone and company; then "check your mail".
 */
export function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <SignUpSentStep email={sentTo} /> : <SignUpFormStep onDone={setSentTo} />;
}
