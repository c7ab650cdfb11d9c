import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import SyncAltOutlinedIcon from '@mui/icons-material/SyncAltOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ONBOARDING_DIALOG, type OnboardingSectionKey } from '../../../domain/onboarding';
import type { Partnership } from '../../../domain/identity';
import { ApiRequestError } from '../../../providers/http';
import { ONBOARDING_QUERY_KEY, completeOnboardingItem, type OnboardingAnswer } from './api';
import { modalDataOf, type ModalButton } from './modalData';
import { useDialogParam, useGuardedAction } from './useOnboarding';

const SECTION_ICON: Record<OnboardingSectionKey, typeof StorefrontOutlinedIcon> = {
  basicSettings: StorefrontOutlinedIcon,
  guarantee: VerifiedOutlinedIcon,
  promotionMembership: CardMembershipOutlinedIcon,
  externalDataInterwork: SyncAltOutlinedIcon,
};

/**
 * The onboarding detail dialog (spec 1 sections 2.5, 3 and 9): open while the query has
 * `type={key}` of a shown item; at most 740×740 with a 241-wide left nav of the shown items; the
 * MAIN and SUB buttons, the setting guide, the image and the text list. Closing clears the query.
 */
export function OnboardingDialog({ answer, partnership }: { answer: OnboardingAnswer; partnership: Partnership }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const guarded = useGuardedAction();
  const { type, open, close } = useDialogParam();
  const [busy, setBusy] = useState(false);
  const items = answer.sections.flatMap((s) => s.items);
  const item = items.find((i) => i.key === type);
  if (!item) return null;
  const data = modalDataOf(item, translate);
  const title = translate(`onboarding.items.${item.key}.title`);
  const Icon = SECTION_ICON[item.parentKey];

  const press = (button: ModalButton) => {
    if (!button.link && !button.options.isCompletedSetting) return close();
    guarded(item, async () => {
      if (button.link) return navigate(button.link);
      setBusy(true);
      try {
        const next = await completeOnboardingItem(partnership.parentIdx, item.parentKey, item.key);
        queryClient.setQueryData(ONBOARDING_QUERY_KEY, next);
        if (button.options.isOpenToast && button.options.toastMessage) notify(button.options.toastMessage, { type: 'success' });
      } catch (err) {
        notify(err instanceof ApiRequestError ? err.message : 'app.errorDialog.message', { type: 'error' });
      } finally {
        setBusy(false);
      }
    });
  };
  const mainDisabled = busy || (data.buttons.MAIN.options.isCompletedSetting && item.isCompleted) || (!data.buttons.MAIN.link && !data.buttons.MAIN.options.isCompletedSetting);

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="onboarding-dialog-title"
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: ONBOARDING_DIALOG.maxWidth, maxHeight: { xs: 'calc(100% - 32px)', sm: ONBOARDING_DIALOG.maxHeight }, m: 2, borderRadius: 3, overflow: 'hidden' }, 'data-testid': 'onboarding-dialog' } as object }}
    >
      <Box sx={{ display: 'flex', minHeight: 0, height: '100%', overflow: 'hidden' }}>
        <Box
          component="nav"
          aria-label={translate('onboarding.navLabel')}
          data-testid="onboarding-dialog-nav"
          sx={{ width: ONBOARDING_DIALOG.navWidth, flex: `0 0 ${ONBOARDING_DIALOG.navWidth}px`, borderRight: 1, borderColor: 'divider', bgcolor: 'grey.50', overflowY: 'auto', display: { xs: 'none', sm: 'block' }, py: 1 }}
        >
          {answer.sections.map((section) => (
            <Box key={section.key} sx={{ mb: 1 }}>
              <Typography component="h3" variant="caption" sx={{ display: 'block', px: 2, py: 0.5, fontWeight: 700, color: 'text.secondary' }}>
                {translate(`onboarding.sections.${section.key}`)}
              </Typography>
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {section.items.map((i) => (
                  <li key={i.key}>
                    <Box
                      component="button"
                      type="button"
                      aria-current={i.key === item.key ? 'page' : undefined}
                      onClick={() => guarded(i, () => open(i.key))}
                      sx={{
                        display: 'flex', alignItems: 'center', gap: 0.75, width: '100%', textAlign: 'left', font: 'inherit', fontSize: 13, border: 0, cursor: 'pointer', px: 2, py: 0.75,
                        color: 'text.primary', bgcolor: i.key === item.key ? 'action.selected' : 'transparent', fontWeight: i.key === item.key ? 700 : 400, '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                      }}
                    >
                      {i.isCompleted && <CheckCircleIcon aria-hidden sx={{ fontSize: 14 }} color="success" />}
                      {translate(`onboarding.items.${i.key}.title`)}
                    </Box>
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 3, pt: 2.5, pb: 1 }}>
            <Typography id="onboarding-dialog-title" component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
              {title}
            </Typography>
            <IconButton onClick={close} aria-label={translate('onboarding.close')} edge="end">
              <CloseIcon />
            </IconButton>
          </Stack>
          <DialogContent sx={{ pt: 0 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
              <Chip size="small" color={item.isCompleted ? 'success' : 'default'} label={translate(item.blocked ? 'onboarding.blocked' : item.isCompleted ? 'onboarding.done' : 'onboarding.todo')} />
              {item.isRequired && <Chip size="small" variant="outlined" color="primary" label={translate('onboarding.required')} />}
            </Stack>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate(`onboarding.items.${item.key}.description`)}
            </Typography>
            <Box role="img" aria-label={data.image.alt} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: 120, borderRadius: 2, bgcolor: 'primary.50', background: 'linear-gradient(135deg, #eef2ff, #e0f2fe)', mb: 2 }}>
              <Icon sx={{ fontSize: 56, color: 'primary.main' }} />
            </Box>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
              {data.settingGuide.title}
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, mt: 0.5, mb: 2 }}>
              {data.settingGuide.list.map((step) => (
                <Typography component="li" variant="body2" key={step} sx={{ py: 0.25 }}>
                  {step}
                </Typography>
              ))}
            </Box>
            {data.textList.map((text) => (
              <Box key={text.key}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                    {text.title}
                  </Typography>
                  <Tooltip title={text.tooltip}>
                    <IconButton size="small" aria-label={`${translate('onboarding.tooltip')}: ${text.tooltip}`}>
                      <InfoOutlinedIcon sx={{ fontSize: 16 }} />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <Box component="ul" sx={{ pl: 2.5, mt: 0.5 }}>
                  {text.list.map((line) => (
                    <Typography component="li" variant="body2" color="text.secondary" key={line}>
                      {line}
                    </Typography>
                  ))}
                </Box>
              </Box>
            ))}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
            {data.buttons.SUB && (
              <Button variant="outlined" onClick={() => press(data.buttons.SUB!)} disabled={busy}>
                {data.buttons.SUB.title}
              </Button>
            )}
            <Button variant="contained" disableElevation onClick={() => press(data.buttons.MAIN)} disabled={mainDisabled}>
              {data.buttons.MAIN.title}
            </Button>
          </DialogActions>
        </Box>
      </Box>
    </Dialog>
  );
}
