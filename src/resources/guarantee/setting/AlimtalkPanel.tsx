import { Alert, Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GUARANTEE_ALIMTALK, GUARANTEE_ALIMTALK_BUTTON, guaranteeAlimtalkText, type GuaranteeAlimtalkVariables } from '../../../domain/guarantee';
import { usePartnership } from '../../../authProvider/usePartnership';
import type { Template } from './api';

/** The preview's variables: the brand's name, sample order values and a certificate link of this console. */
export function alimtalkPreviewVariables(brandName: string, sample: { ordererName: string; productName: string; nftNumber: string }, origin: string): GuaranteeAlimtalkVariables {
  return { brandName, ...sample, certificateUrl: `${origin}/certificate/…` };
}

/**
 * The 알림톡 setting tab: what the customer receives when a guarantee of this template is issued
 * (template code GUARANTEE_ALIMTALK.templateCode), rendered with the brand's name and sample values.
 */
export function AlimtalkPanel({ template }: { template: Template }) {
  const translate = useTranslate();
  const { partnership } = usePartnership();
  const vars = alimtalkPreviewVariables(
    partnership?.brand?.name || translate('template.alimtalk.brandFallback'),
    { ordererName: translate('template.alimtalk.sampleOrderer'), productName: translate('template.alimtalk.sampleProduct'), nftNumber: translate('template.alimtalk.sampleNumber') },
    window.location.origin,
  );
  const text = guaranteeAlimtalkText(vars);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('template.alimtalk.help')}
      </Typography>
      <Box>
        <Typography component="h3" variant="body2" sx={{ fontWeight: 600 }}>
          {translate('template.alimtalk.templateCode')}
        </Typography>
        <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', bgcolor: 'grey.100', px: 1, py: 0.25, borderRadius: 1 }}>
          {GUARANTEE_ALIMTALK.templateCode}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 320px) 1fr' }, gap: 2, alignItems: 'start' }}>
        <Box component="figure" sx={{ m: 0, bgcolor: '#b2c7d9', borderRadius: 3, p: 2 }} aria-label={translate('template.alimtalk.preview')}>
          <Typography component="figcaption" variant="caption" sx={{ display: 'block', mb: 1, fontWeight: 600 }}>
            {translate('template.alimtalk.sender')}
          </Typography>
          <Paper elevation={0} sx={{ borderRadius: 2, overflow: 'hidden' }}>
            <Box sx={{ bgcolor: '#fee500', px: 2, py: 1 }}>
              <Typography variant="caption" sx={{ fontWeight: 700 }}>
                {translate('template.alimtalk.card', { name: template.nftCardName })}
              </Typography>
            </Box>
            <Typography data-testid="alimtalk-preview" variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', p: 2 }}>
              {text}
            </Typography>
            <Box sx={{ px: 2, pb: 2 }}>
              <Button fullWidth variant="outlined" size="small" tabIndex={-1} aria-hidden sx={{ pointerEvents: 'none' }}>
                {GUARANTEE_ALIMTALK_BUTTON}
              </Button>
            </Box>
          </Paper>
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('template.alimtalk.variables')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('template.alimtalk.variable')}</TableCell>
                <TableCell>{translate('template.alimtalk.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {GUARANTEE_ALIMTALK.variables.map((v) => (
                <TableRow key={v}>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', fontSize: 12 }}>{`#{${v}}`}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{vars[v]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
      <Alert severity="info">{translate('template.alimtalk.outboxNote')}</Alert>
    </Stack>
  );
}
