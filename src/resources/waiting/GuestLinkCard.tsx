import { useEffect, useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { apiRequest } from '../../providers/http';

/**
 * The guest page's address of a waiting event or a reservation, as a QR code for the counter and a
 * link to copy. `api` answers `{ path, url }` (GET …/{idx}/link on the waiting base); `texts` is the
 * catalogue prefix holding guestLink, guestLinkHelp, qrAlt, copyLink and copied.
 */
export function GuestLinkCard({ api, texts, testId }: { api: string; texts: string; testId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useQuery({ queryKey: ['guest-link', api], queryFn: () => apiRequest<{ path: string; url: string }>(api, { base: 'waiting' }) });
  const [qr, setQr] = useState<string | null>(null);
  const url = data ? `${window.location.origin}${data.path}` : null;
  useEffect(() => {
    if (url) void QRCode.toDataURL(url, { margin: 1, width: 160 }).then(setQr);
  }, [url]);
  if (!url) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {qr && <Box component="img" src={qr} alt={translate(`${texts}.qrAlt`)} sx={{ width: 120, height: 120 }} />}
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography sx={{ fontWeight: 700 }}>{translate(`${texts}.guestLink`)}</Typography>
        <Typography variant="body2" color="text.secondary">{translate(`${texts}.guestLinkHelp`)}</Typography>
        <Typography variant="body2" data-testid={testId} sx={{ wordBreak: 'break-all', mt: 0.5 }}>{url}</Typography>
      </Box>
      <Button variant="outlined" onClick={() => void navigator.clipboard.writeText(url).then(() => notify(`${texts}.copied`, { type: 'success' }))}>
        {translate(`${texts}.copyLink`)}
      </Button>
    </Paper>
  );
}
