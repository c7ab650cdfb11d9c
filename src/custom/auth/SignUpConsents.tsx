import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { TERMS_TEXT } from '../../domain/terms';
import type { ConsentService } from '../../domain/validation/account';
import type { FieldErrors } from './form';
import { CONSENTS, t, type ConsentField, type Values } from './signUpForm';
import { TermsDialog } from './TermsDialog';

interface SignUpConsentsProps {
  values: Values;
  errors: FieldErrors;
  onChange: (fields: ConsentField[], checked: boolean) => void;
}

/** The consents: "agree to all", each consent with a link to its full text, and the required ones' error. */
export function SignUpConsents({ values, errors, onChange }: SignUpConsentsProps) {
  const [termsShown, setTermsShown] = useState<ConsentService | null>(null);
  const termsError = errors.isAgreeServiceUsage || errors.isAgreePersonalInformation;
  const allAgreed = CONSENTS.every((c) => values[c.field]);
  const someAgreed = CONSENTS.some((c) => values[c.field]);
  return (
    <>
      <Box
        component="fieldset"
        aria-describedby={termsError ? 'signup-terms-error' : undefined}
        sx={{
          m: 0,
          mb: 2,
          p: 2,
          pt: 1,
          border: '1px solid',
          borderColor: termsError ? 'error.main' : '#e5e7eb',
          borderRadius: 2,
          minWidth: 0,
        }}
      >
        <Box component="legend" sx={{ px: 0.5, fontSize: 14, fontWeight: 700 }}>
          {t.consentTitle}
        </Box>
        <FormControlLabel
          control={<Checkbox checked={allAgreed} indeterminate={someAgreed && !allAgreed} onChange={(e) => onChange(CONSENTS.map((c) => c.field), e.target.checked)} />}
          label={t.consentAll}
          sx={{ display: 'flex', mr: 0, pb: 0.5, mb: 0.5, borderBottom: '1px solid #f0f1f3', '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
        />
        {CONSENTS.map((c) => (
          <Box key={c.field} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={values[c.field]}
                  onChange={(e) => onChange([c.field], e.target.checked)}
                  slotProps={{ input: { 'aria-invalid': Boolean(termsError && c.required && !values[c.field]) } as object }}
                />
              }
              label={c.label}
              sx={{ display: 'flex', flex: 1, mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14, wordBreak: 'keep-all' } }}
            />
            <Button
              type="button"
              size="small"
              variant="text"
              aria-label={t.viewTermsOf(TERMS_TEXT[c.service].title)}
              onClick={() => setTermsShown(c.service)}
              sx={{ minWidth: 0, px: 1, flexShrink: 0, fontSize: 13, color: 'text.secondary', textDecoration: 'underline' }}
            >
              {t.viewTerms}
            </Button>
          </Box>
        ))}
      </Box>
      {termsError ? (
        <FormHelperText id="signup-terms-error" error sx={{ mx: 1.75, mt: -1.5, mb: 2 }}>
          {termsError}
        </FormHelperText>
      ) : null}
      <TermsDialog service={termsShown} onClose={() => setTermsShown(null)} />
    </>
  );
}
