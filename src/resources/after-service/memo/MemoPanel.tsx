import { useState } from 'react';
import { Box, Button, Chip, IconButton, List, ListItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate, type Identifier } from 'react-admin';
import { AS_MEMO_MAX, AS_RULES, type AsType } from '../../../domain/afterService';
import { seoulDateTime } from '../../../domain/seoulDay';
import { presentError } from '../../../dataProvider/errors';
import { ApiRequestError } from '../../../providers/http';
import { useAllows } from '../common';
import { CountedText, fieldErrorOf } from './CountedText';
import { addMemo, deleteMemo, editMemo, fetchMemos, memoQueryKey, type AsMemo } from './api';

/** Runs a memo call: a 400's `errors.memo` is returned for the input; other failures are presented. */
async function memoCall(work: () => Promise<unknown>): Promise<{ ok: boolean; error: string | null }> {
  try {
    await work();
    return { ok: true, error: null };
  } catch (err) {
    const error = err instanceof ApiRequestError && err.status === 400 ? fieldErrorOf(err, 'memo') : null;
    if (!error) presentError(err);
    return { ok: false, error };
  }
}

/** One memo: its text, author and time (a brand's memo marked internal where the brand reads it); 수정 and 삭제 for its author (`mine`). */
function MemoItem({ memo, internal, onChanged }: { memo: AsMemo; internal: boolean; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memo.memo);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    const result = await memoCall(() => editMemo(memo.idx, text));
    setBusy(false);
    setError(result.error);
    if (result.ok) {
      setEditing(false);
      notify('afterService.memo.saved', { type: 'success' });
      onChanged();
    }
  };
  const remove = async () => {
    setBusy(true);
    const result = await memoCall(() => deleteMemo(memo.idx));
    setBusy(false);
    setConfirming(false);
    if (result.ok) {
      notify('afterService.memo.deleted', { type: 'success' });
      onChanged();
    }
  };

  return (
    <ListItem disableGutters sx={{ display: 'block', borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {translate('afterService.memo.by', { name: memo.authorName ?? '-', at: seoulDateTime(memo.updatedAt ?? memo.createdAt) })}
          {internal && <Chip size="small" variant="outlined" label={translate('afterService.memo.internal')} sx={{ ml: 1, height: 20 }} />}
        </Typography>
        {memo.mine && !editing && (
          <Box sx={{ flexShrink: 0 }}>
            <Tooltip title={translate('afterService.memo.edit')}>
              <IconButton size="small" aria-label={translate('afterService.memo.edit')} onClick={() => { setText(memo.memo); setError(null); setEditing(true); }}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('afterService.memo.delete')}>
              <IconButton size="small" aria-label={translate('afterService.memo.delete')} onClick={() => setConfirming(true)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
      {editing ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <CountedText label={translate('afterService.memo.editLabel')} value={text} max={AS_MEMO_MAX} error={error} onChange={(e) => setText(e.target.value)} minRows={2} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button size="small" color="inherit" onClick={() => setEditing(false)} disabled={busy}>
              {translate('app.common.cancel')}
            </Button>
            <Button size="small" variant="contained" disableElevation onClick={() => void save()} disabled={busy || !text.trim()}>
              {translate('afterService.memo.save')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {memo.memo}
        </Typography>
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="afterService.memo.deleteTitle"
        content="afterService.memo.deleteConfirm"
        confirm="afterService.memo.delete"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </ListItem>
  );
}

/**
 * The memo side panel of a repair or laundry request (spec 3: memos of up to 1,000 characters, with a
 * counter): the request's memos, newest first, a box to add one, and edit and delete for the author.
 * Who reads which is the server's (README.md): the brand's memos are internal, the partner's shared;
 * the panel says so to each side. Used on the request's detail.
 */
export function MemoPanel({ type, requestIdx }: { type: AsType; requestIdx: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = memoQueryKey(type, requestIdx);
  const memos = useQuery({ queryKey: key, queryFn: () => fetchMemos(type, requestIdx), retry: false });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const brand = useAllows(AS_RULES.brand(type));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  const add = async () => {
    setBusy(true);
    const result = await memoCall(() => addMemo(type, requestIdx, text));
    setBusy(false);
    setError(result.error);
    if (result.ok) {
      setText('');
      notify('afterService.memo.added', { type: 'success' });
      refresh();
    }
  };

  const list = memos.data ?? [];
  return (
    <Paper component="aside" variant="outlined" aria-labelledby="as-memo-title" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, minWidth: 0 }}>
      <Typography id="as-memo-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {translate('afterService.memo.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        {translate(brand ? 'afterService.memo.seenByBrand' : 'afterService.memo.seenByPartner')}
      </Typography>
      <CountedText
        label={translate('afterService.memo.add')}
        placeholder={translate('afterService.memo.placeholder')}
        value={text}
        max={AS_MEMO_MAX}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        minRows={2}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" variant="contained" disableElevation onClick={() => void add()} disabled={busy || !text.trim()}>
          {translate('afterService.memo.add')}
        </Button>
      </Box>
      <List dense aria-label={translate('afterService.memo.listLabel')}>
        {list.length === 0 ? (
          <ListItem disableGutters role="status" sx={{ color: 'text.secondary', justifyContent: 'center', py: 2 }}>
            {translate(memos.isPending ? 'app.list.loading' : 'afterService.memo.empty')}
          </ListItem>
        ) : (
          list.map((m) => <MemoItem key={m.idx} memo={m} internal={brand && m.authorType === 'b2b'} onChanged={refresh} />)
        )}
      </List>
    </Paper>
  );
}
