import { useState } from 'react';
import { Box, Button, Drawer, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify, useTranslate } from 'react-admin';
import { BUTTON_LINK_CODES, NAME_CODE } from '../../domain/message';

/** The personal-variable side sheet (spec 3 §2): each code with a copy button and the toast 'Variable code copied'. */
export function VariableSheet() {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const codes = [{ code: NAME_CODE, label: translate('message.variableName') }, ...BUTTON_LINK_CODES.map((code, i) => ({ code, label: translate('message.variableLink', { n: i + 1 }) }))];
  const copy = async (code: string) => {
    try { await navigator.clipboard?.writeText(code); } catch { /* the toast still names the code to type */ }
    notify('message.copied', { type: 'success' });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>{translate('message.variables')}</Button>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 320, maxWidth: '100vw', p: 2 }} role="dialog" aria-label={translate('message.variablesTitle')}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2">{translate('message.variablesTitle')}</Typography>
            <IconButton aria-label={translate('message.confirmCancel')} onClick={() => setOpen(false)}><CloseIcon /></IconButton>
          </Box>
          <Typography variant="body2" color="text.secondary">{translate('message.variablesHelp')}</Typography>
          <List>
            {codes.map(({ code, label }) => (
              <ListItem key={code} secondaryAction={<Button size="small" onClick={() => void copy(code)} aria-label={`${translate('message.copy')} ${code}`}>{translate('message.copy')}</Button>}>
                <ListItemText primary={code} secondary={label} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
