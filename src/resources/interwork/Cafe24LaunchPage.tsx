import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageShell, Section } from '../../framework/ui';
import { interworkApi, showPlanRefusal } from './api';

/**
 * /b2b/interwork/cafe24/{token}: the mall's app was launched (/cafe24/init checked its HMAC); the
 * signed-in brand confirms, and the browser goes to the mall's OAuth consent, which returns to
 * /cafe24/oauth and then to /b2b/interwork/cafe24.
 */
export function Cafe24LaunchPage() {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { authorizeUrl } = await interworkApi.confirmLaunch(token);
      window.location.assign(authorizeUrl);
    } catch (err) {
      if (!showPlanRefusal(err)) setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <PageShell titleKey="interwork.launchTitle">
      <Section title={translate('interwork.cafe24Name')} id="cafe24-launch">
        <Typography sx={{ mb: 2 }}>{translate('interwork.launchHelp')}</Typography>
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
        <Box><Button variant="contained" disabled={busy} onClick={() => void confirm()}>{translate('interwork.connect')}</Button></Box>
      </Section>
    </PageShell>
  );
}

export default Cafe24LaunchPage;
