import type { ReactNode } from 'react';
import { Box, Button, DialogActions, Paper, Typography } from '@mui/material';
import { Confirm, Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** A page's container and h1; narrow screens (500 px) keep 16 px gutters. */
export function PageShell({ titleKey, title, children, maxWidth = 880, actions }: { titleKey?: string; title?: string; children: ReactNode; maxWidth?: number; actions?: ReactNode }) {
  const translate = useTranslate();
  const text = title ?? (titleKey ? translate(titleKey) : '');
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth, width: '100%', boxSizing: 'border-box' }}>
      <Title title={text} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          {text}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

/** A titled card section. */
export function Section({ title, description, children, action, id }: { title: string; description?: string; children: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: description ? 0.5 : 2 }}>
        <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The one button of an information dialog (확인 unless `label` says otherwise), focused so Enter closes it. */
export function DialogOkActions({ onClose, label = 'app.common.confirm' }: { onClose: () => void; label?: string }) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button variant="contained" disableElevation autoFocus onClick={onClose}>
        {translate(label)}
      </Button>
    </DialogActions>
  );
}

/** "Leave without saving?" (`title`) with 예/아니요: 예 calls `onDiscard`, 아니요 (or Escape) `onKeep`. */
export function DiscardConfirm({ open, title, onDiscard, onKeep }: { open: boolean; title: string; onDiscard: () => void; onKeep: () => void }) {
  return <Confirm isOpen={open} title={title} content={null} confirm="ra.message.yes" cancel="ra.message.no" confirmColor="warning" onConfirm={onDiscard} onClose={onKeep} />;
}

/**
 * The confirmation before an action that moves money or cannot be undone (a charge, a refund): `title` and
 * `content` (already translated), the action's own `confirm` label and 취소. `busy` disables both buttons
 * while the action runs; the caller closes it (`onClose`) when done.
 */
export function ActionConfirm({ open, title, content, confirm, cancel, busy = false, onConfirm, onClose }: {
  open: boolean; title: string; content: ReactNode; confirm: string; cancel: string; busy?: boolean; onConfirm: () => void; onClose: () => void;
}) {
  return <Confirm isOpen={open} loading={busy} title={title} content={content} confirm={confirm} cancel={cancel} onConfirm={onConfirm} onClose={() => { if (!busy) onClose(); }} />;
}

/** One label/value row of a detail page's definition list; an empty value shows a dash. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children === '' || children === null || children === undefined ? '-' : children}
      </Typography>
    </Box>
  );
}

/** A detail page's way back to its list (`label` is an i18n key). */
export function BackToListButton({ to, label }: { to: string; label: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Button component={RouterLink} to={to}>
        {translate(label)}
      </Button>
    </Box>
  );
}
