import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { autoSendLabel, type Schedule } from '../../domain/message';
import { ActionConfirm } from '../../framework/ui';
import { submissionErrors } from '../../framework/formErrors';
import { AUTO_LIST_KEY, messageApi, type Campaign } from './api';

/**
 * An automatic message's ON/OFF switch (spec 3 §4: ON starts automatic sending, OFF stops it).
 * Turning it on is a paid action, so it is confirmed first, naming when it goes; off is at once.
 * The answer replaces the campaign in the list and the detail.
 */
export function AutoToggle({ campaign, onChanged }: { campaign: Campaign; onChanged?: (c: Campaign) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = campaign.autoState === 'ON';
  const schedule = (campaign.payload.schedule ?? { sendType: 'TIME', sendTime: '11:00' }) as Schedule;

  const change = async (state: 'ON' | 'OFF') => {
    setBusy(true);
    try {
      const saved = await messageApi.setAutoState(campaign.idx, state);
      client.setQueryData<{ list: Campaign[]; total: number }>(AUTO_LIST_KEY, (old) => (old ? { ...old, list: old.list.map((c) => (c.idx === saved.idx ? saved : c)) } : old));
      client.setQueryData(['message', 'campaign', saved.idx], saved);
      onChanged?.(saved);
      notify(state === 'ON' ? 'message.autoTurnedOn' : 'message.autoTurnedOff', { type: 'success' });
    } catch (err) {
      submissionErrors(err, { present: true });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <FormControlLabel
        control={(
          <Switch
            checked={on} disabled={busy}
            slotProps={{ input: { 'aria-label': translate('message.autoToggle', { title: campaign.basicMessageTitle }) } }}
            onChange={(_, checked) => { if (checked) setConfirming(true); else void change('OFF'); }}
          />
        )}
        label={translate(on ? 'message.autoOn' : 'message.autoOff')}
      />
      {confirming ? (
        <ActionConfirm open title={translate('message.autoOnConfirmTitle')} content={translate('message.autoOnConfirm', { when: autoSendLabel(schedule) })}
          confirm="message.autoOnButton" cancel="message.confirmCancel" busy={busy} onConfirm={() => void change('ON')} onClose={() => setConfirming(false)} />
      ) : null}
    </>
  );
}
