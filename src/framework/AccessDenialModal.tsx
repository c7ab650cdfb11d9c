import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { onAppEvent } from './events';

type ModalView = 'trialFinishedModal' | 'noSubscriptionModal' | 'upgradeModal';

const TEXTS: Record<ModalView, { title: string; body: string }> = {
  trialFinishedModal: { title: 'app.accessDenial.trialFinished', body: 'app.accessDenial.trialFinishedBody' },
  noSubscriptionModal: { title: 'app.accessDenial.noSubscription', body: 'app.accessDenial.noSubscriptionBody' },
  upgradeModal: { title: 'app.accessDenial.planUpgrade', body: 'app.accessDenial.planUpgradeBody' },
};

export const SUBSCRIBE_PATH = '/b2b/payment/subscribe';

/**
 * The global modal for subscription refusals (spec 1 section 8): trial finished (with an upgrade
 * button), no subscription (with a button to the plans) and plan upgrade needed (close only).
 * Opened by the data provider through the app event bus, or directly with `view`.
 */
export function AccessDenialModal({ view: forcedView, onClose }: { view?: ModalView | null; onClose?: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [view, setView] = useState<ModalView | null>(null);
  useEffect(
    () =>
      onAppEvent((e) => {
        if (e.type === 'accessDenied' && e.view !== 'toast') setView(e.view);
      }),
    [],
  );
  const shown = forcedView ?? view;
  const close = () => {
    setView(null);
    onClose?.();
  };
  if (!shown) return null;
  const texts = TEXTS[shown];
  return (
    <Dialog open onClose={close} aria-labelledby="access-denial-title" maxWidth="xs" fullWidth>
      <DialogTitle id="access-denial-title" sx={{ fontWeight: 700 }}>
        {translate(texts.title)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(texts.body)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="inherit">
          {translate('app.accessDenial.close')}
        </Button>
        {shown !== 'upgradeModal' && (
          <Button
            variant="contained"
            disableElevation
            autoFocus
            onClick={() => {
              close();
              navigate(SUBSCRIBE_PATH);
            }}
          >
            {translate(shown === 'trialFinishedModal' ? 'app.accessDenial.upgrade' : 'app.accessDenial.subscribe')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
