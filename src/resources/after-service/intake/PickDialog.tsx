import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

export interface PickDialogProps<T> {
  open: boolean;
  title: string;
  queryKey: string;
  /** One page of rows matching the keyword ('' lists the newest). */
  search: (keyword: string, signal: AbortSignal) => Promise<{ list: T[] }>;
  rowKey: (row: T) => number;
  primary: (row: T) => string;
  secondary: (row: T) => string;
  onPick: (row: T) => void;
  onClose: () => void;
}

/**
 * A search dialog that picks one row (the intake's certificate and customer): type, search, click
 * a row. Every row is a button, so the list works from the keyboard.
 */
export function PickDialog<T>({ open, title, queryKey, search, rowKey, primary, secondary, onPick, onClose }: PickDialogProps<T>) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const rows = useQuery({
    queryKey: ['afterService', 'intake', queryKey, applied],
    queryFn: ({ signal }) => search(applied, signal),
    enabled: open,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setApplied(text.trim());
  };
  const list = rows.data?.list ?? [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${queryKey}-pick-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${queryKey}-pick-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack component="form" direction="row" spacing={1} onSubmit={submit} role="search" sx={{ mb: 1, pt: 1 }}>
          <TextField size="small" value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'aria-label': translate('afterServiceIntake.pick.keyword') } }} />
          <Button type="submit" variant="outlined">{translate('afterServiceIntake.pick.search')}</Button>
        </Stack>
        {rows.isPending ? (
          <Typography role="status" color="text.secondary" sx={{ py: 2 }}>{translate('app.list.loading')}</Typography>
        ) : list.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ py: 2 }}>{translate('app.list.empty')}</Typography>
        ) : (
          <List dense aria-label={title}>
            {list.map((row) => (
              <ListItemButton key={rowKey(row)} onClick={() => onPick(row)}>
                <ListItemText primary={primary(row)} secondary={secondary(row)} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
