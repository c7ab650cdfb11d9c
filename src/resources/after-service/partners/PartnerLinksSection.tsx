import { useState, type FormEvent } from 'react';
import { Box, Button, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { ValidationError } from 'yup';
import { AS_PARTNER_LINK_LABELS, asPartnerInviteSchema, type AsType } from '../../../domain/afterService';
import { ApiRequestError } from '../../../providers/http';
import { Section } from '../../../framework/ui';
import { usePartnerLinkActions, usePartnerLinks, type PartnerLink } from './api';

/**
 * The A/S settings' partner links of one kind (docs/api/afterService.md): the links with their state
 * (초대 중 until the partner accepts, then 연결됨), an invitation by the partner account's e-mail and
 * removal after a confirmation. The settings page (main account only) places one per kind.
 */
export function PartnerLinksSection({ type }: { type: AsType }) {
  const translate = useTranslate();
  const notify = useNotify();
  const links = usePartnerLinks(type);
  const { invite, remove } = usePartnerLinkActions(type);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PartnerLink | null>(null);
  const titleId = `as-partner-${type}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEmailError(null);
    try {
      const body = await asPartnerInviteSchema.validate({ email });
      await invite.mutateAsync(body.email);
      setEmail('');
      notify('asPartner.invited', { type: 'success' });
    } catch (err) {
      if (err instanceof ValidationError) setEmailError(err.message);
      else if (err instanceof ApiRequestError && err.errors?.email) setEmailError(err.errors.email);
      else notify((err as Error).message, { type: 'error' });
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.idx);
      notify('asPartner.removed', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Section title={translate(`asPartner.${type}Title`)} description={translate(`asPartner.${type}Help`)} id={titleId}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
        <TextField
          size="small"
          type="email"
          label={translate('asPartner.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(emailError)}
          helperText={emailError ?? ' '}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button type="submit" variant="contained" disableElevation disabled={invite.isPending} sx={{ mt: 0.25 }}>
          {translate('asPartner.invite')}
        </Button>
      </Box>
      {links.isError ? (
        <Typography variant="body2" color="error">
          {translate('asPartner.loadFailed')}
        </Typography>
      ) : !links.data ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('app.common.loading')}
        </Typography>
      ) : links.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('asPartner.none')}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={translate('asPartner.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {links.data.map((link) => (
            <Box component="li" key={link.idx} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {link.companyName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {link.email}
                </Typography>
              </Box>
              <Chip size="small" label={AS_PARTNER_LINK_LABELS[link.status]} color={link.status === 'active' ? 'success' : 'default'} variant={link.status === 'active' ? 'filled' : 'outlined'} />
              <IconButton aria-label={translate('asPartner.removeLabel', { name: link.companyName })} onClick={() => setRemoving(link)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Confirm
        isOpen={removing !== null}
        loading={remove.isPending}
        title="asPartner.removeTitle"
        titleTranslateOptions={{ name: removing?.companyName ?? '' }}
        content="asPartner.removeContent"
        confirm="asPartner.remove"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}

export default PartnerLinksSection;
