import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_CARD_MSG } from '../../domain/paymentCard';
import { MSG } from '../../domain/messages';
import { ApiRequestError, apiRequest } from '../../providers/http';
import { useShellText } from '../../layout/useShellText';
import { AddCardDialog } from './AddCardDialog';
import { PAYMENT_METHODS_QUERY_KEY, usePaymentMethods, type PaymentCard } from './paymentApi';

const cardName = (card: PaymentCard) => [card.cardCompany, card.maskedNumber].filter(Boolean).join(' ');

/** The registered-cards dialog (spec 1 §2.3, §2.7): each card with a delete asking confirmation, and an add button. */
export function CardListDialog({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: () => void }) {
  const t = useShellText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const methods = usePaymentMethods(open);
  const [confirming, setConfirming] = useState<PaymentCard | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (card: PaymentCard) => {
    setConfirming(null);
    setFailure(null);
    try {
      await apiRequest(`/v2/method/${card.idx}`, { base: 'payment', method: 'DELETE' });
      notify(PAYMENT_CARD_MSG.deleted, { type: 'success' });
    } catch (err) {
      setFailure(err instanceof ApiRequestError ? err.message : MSG.genericErrorMessage);
    }
    await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
  };

  const cards = methods.data?.list ?? [];
  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby="card-list-dialog-title" maxWidth="xs" fullWidth>
        <DialogTitle id="card-list-dialog-title">{t('billing.cards.listTitle')}</DialogTitle>
        <DialogContent>
          {failure && <Alert severity="error" sx={{ mb: 1 }}>{failure}</Alert>}
          {methods.isSuccess && cards.length === 0 && <Typography variant="body2">{t('billing.cards.empty')}</Typography>}
          <List aria-label={t('billing.cards.listTitle')}>
            {cards.map((card) => (
              <ListItem
                key={card.idx}
                disableGutters
                secondaryAction={
                  <Button color="error" size="small" aria-label={t('billing.cards.deleteAria', { card: card.maskedNumber })} onClick={() => setConfirming(card)}>
                    {t('billing.cards.delete')}
                  </Button>
                }
              >
                <ListItemText primary={card.maskedNumber} secondary={[card.cardCompany, card.cardType].filter(Boolean).join(' · ') || undefined} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">{t('billing.cards.close')}</Button>
          <Button onClick={onAdd} variant="contained" disableElevation>{t('billing.cards.add')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="card-delete-dialog-title" maxWidth="xs">
        <DialogTitle id="card-delete-dialog-title">{t('billing.cards.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirming ? t('billing.cards.confirmBody', { card: cardName(confirming) }) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} color="inherit">{t('billing.cards.cancel')}</Button>
          <Button onClick={() => confirming && void remove(confirming)} color="error" variant="contained" disableElevation>{t('billing.cards.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The card dialogs as one unit: `open` shows the card list when cards exist, else the add-card
 * dialog (spec 1 §2.3). Used by the balance box's settings button and the credit page.
 */
export function CardDialogs({ open, onClose, onRegistered }: { open: boolean; onClose: () => void; onRegistered?: () => void }) {
  const methods = usePaymentMethods(open);
  const [adding, setAdding] = useState(false);
  if (!open || !methods.isSuccess) return null;
  const hasCards = methods.data.list.length > 0;
  const needsEmail = !methods.data.hasPaymentEmail;
  return (
    <>
      <CardListDialog open={hasCards && !adding} onClose={onClose} onAdd={() => setAdding(true)} />
      <AddCardDialog
        open={!hasCards || adding}
        needsEmail={needsEmail}
        onRegistered={onRegistered}
        onClose={() => {
          setAdding(false);
          if (!hasCards) onClose();
        }}
      />
    </>
  );
}
