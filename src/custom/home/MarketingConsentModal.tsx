import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormHelperText, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Partnership } from '../../domain/identity';
import { MARKETING_CONSENTS, agreeAnswers, declineAllAnswers, isServicePartner, needsMarketingConsent, type ConsentAnswer, type MarketingConsent } from '../../domain/home';
import { apiRequest, ApiRequestError } from '../../providers/http';

const CONSENTS_PATH = '/v1/admin/partnerships/consents';
const KEY = ['home', 'consents'];

/**
 * The marketing-consent modal of home (spec 1 section 4): for brand accounts (not repairers or
 * launderers) without an answer to the two optional consents. 'Agree' needs one checked at least;
 * 'Don't show again' records both as N. Escape closes it for this visit only.
 */
export function MarketingConsentModal({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const partner = isServicePartner(partnership.adminType);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<{ list: { service: string }[] }>(CONSENTS_PATH, { signal }),
    enabled: !partner,
    retry: false,
  });
  const [checked, setChecked] = useState<MarketingConsent[]>([]);
  const [error, setError] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (partner || dismissed || !query.data || !needsMarketingConsent(partnership.adminType, query.data.list)) return null;

  const send = async (consents: ConsentAnswer[]) => {
    setBusy(true);
    try {
      const saved = await apiRequest<{ list: { service: string }[] }>(CONSENTS_PATH, { method: 'POST', body: { consents } });
      queryClient.setQueryData(KEY, saved);
      notify('homePanels.consentSaved', { type: 'success' });
    } catch (err) {
      notify(err instanceof ApiRequestError ? err.message : 'app.errorDialog.message', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const agree = () => {
    const answers = agreeAnswers(checked);
    if (!answers) return setError(true);
    void send(answers);
  };
  const toggle = (service: MarketingConsent) => {
    setError(false);
    setChecked((c) => (c.includes(service) ? c.filter((s) => s !== service) : [...c, service]));
  };
  return (
    <Dialog open onClose={() => setDismissed(true)} aria-labelledby="consent-title" aria-describedby="consent-body" maxWidth="xs" fullWidth>
      <DialogTitle id="consent-title" sx={{ fontWeight: 700 }}>
        {translate('homePanels.consentTitle')}
      </DialogTitle>
      <DialogContent>
        <Typography id="consent-body" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('homePanels.consentBody')}
        </Typography>
        <FormGroup>
          {MARKETING_CONSENTS.map((service) => (
            <FormControlLabel key={service} control={<Checkbox checked={checked.includes(service)} onChange={() => toggle(service)} />} label={translate(`homePanels.consent${service}`)} />
          ))}
        </FormGroup>
        {error && (
          <FormHelperText error role="alert">
            {translate('homePanels.consentPickOne')}
          </FormHelperText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void send(declineAllAnswers())} disabled={busy}>
          {translate('homePanels.consentNever')}
        </Button>
        <Button variant="contained" disableElevation onClick={agree} disabled={busy}>
          {translate('homePanels.consentAgree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
