import { useState } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { authTheme } from './theme';
import { SignUpFormStep } from './SignUpFormStep';
import { SignUpSentStep } from './SignUpSentStep';

/**
 * /auth/signup (spec 1 sections 3, 4, 5): the e-mail first; once it is valid and free, the password and
 * the consents; once those are done, the business number, phone and company; then "check your mail".
 * The one auth page with MUI (its consent checkboxes and terms dialog), so the theme is its own.
 */
export function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return <ThemeProvider theme={authTheme}>{sentTo ? <SignUpSentStep email={sentTo} /> : <SignUpFormStep onDone={setSentTo} />}</ThemeProvider>;
}
