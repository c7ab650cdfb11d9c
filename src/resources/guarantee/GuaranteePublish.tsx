import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell } from '../../framework/ui';
import { GUARANTEE_PATH } from './api';

const CHOICES: { key: string; to: string; icon: ReactNode }[] = [
  { key: 'single', to: `${GUARANTEE_PATH}/register`, icon: <PersonOutlineIcon fontSize="large" /> },
  { key: 'offline', to: `${GUARANTEE_PATH}/register/offline`, icon: <StorefrontOutlinedIcon fontSize="large" /> },
  { key: 'excel', to: `${GUARANTEE_PATH}/excel-upload`, icon: <UploadFileOutlinedIcon fontSize="large" /> },
];

/** /b2b/guarantee/publish (the menu entry): individual, offline or spreadsheet issue. */
export default function GuaranteePublish() {
  const translate = useTranslate();
  return (
    <PageShell titleKey="guarantee.publish.title" maxWidth={960}>
      <Box component="nav" aria-label={translate('guarantee.publish.title')} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
        {CHOICES.map((c) => (
          <Card key={c.key} variant="outlined" sx={{ borderRadius: 3 }}>
            <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box sx={{ color: 'primary.main', mb: 1.5 }} aria-hidden>
                  {c.icon}
                </Box>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {translate(`guarantee.publish.${c.key}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {translate(`guarantee.publish.${c.key}Body`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </PageShell>
  );
}
