import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { TERMS_TEXT } from '../../domain/terms';
import type { ConsentService } from '../../domain/validation/account';
import { t } from './signUpForm';

/** The full text of one consent, opened by its 보기 link. */
export function TermsDialog({ service, onClose }: { service: ConsentService | null; onClose: () => void }) {
  const terms = service ? TERMS_TEXT[service] : null;
  return (
    <Dialog open={terms !== null} onClose={onClose} aria-labelledby="signup-terms-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="signup-terms-title" sx={{ fontWeight: 700 }}>
        {terms?.title}
      </DialogTitle>
      <DialogContent dividers>
        {terms?.paragraphs.map((p) => (
          <Typography key={p} sx={{ fontSize: 14, mb: 1.5, wordBreak: 'keep-all' }}>
            {p}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {t.closeTerms}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
