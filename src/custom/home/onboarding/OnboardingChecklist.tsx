import { useState } from 'react';
import { Box, Chip, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { ONBOARDING_FOLD_KEY } from '../../../domain/onboarding';
import { HOME_WIDE_MIN } from '../../../domain/home';
import type { Partnership } from '../../../domain/identity';
import type { OnboardingItemStatus } from './api';
import { useDialogParam, useGuardedAction, useOnboarding } from './useOnboarding';
import { OnboardingDialog } from './OnboardingDialog';

/** Read by screen readers, not shown (the item's state after its title). */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

const readFold = () => {
  try {
    return localStorage.getItem(ONBOARDING_FOLD_KEY) === 'true';
  } catch {
    return false;
  }
};

function ItemRow({ item, onOpen }: { item: OnboardingItemStatus; onOpen: (item: OnboardingItemStatus) => void }) {
  const translate = useTranslate();
  const title = translate(`onboarding.items.${item.key}.title`);
  const state = translate(item.blocked ? 'onboarding.blocked' : item.isCompleted ? 'onboarding.done' : 'onboarding.todo');
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component="button"
        type="button"
        onClick={() => onOpen(item)}
        data-completed={item.isCompleted}
        sx={{
          display: 'flex', alignItems: 'center', gap: 1, width: '100%', textAlign: 'left', font: 'inherit', color: item.blocked ? 'text.secondary' : 'text.primary',
          bgcolor: 'transparent', border: 0, borderRadius: 1.5, px: 1, py: 0.75, cursor: 'pointer', '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        }}
      >
        {item.blocked ? (
          <LockOutlinedIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
        ) : item.isCompleted ? (
          <CheckCircleIcon fontSize="small" aria-hidden color="success" />
        ) : (
          <RadioButtonUncheckedIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
        )}
        <Typography variant="body2" component="span" sx={{ flex: 1, textDecoration: item.isCompleted ? 'line-through' : 'none' }}>
          {title}
          <Box component="span" sx={visuallyHidden}>{`, ${state}`}</Box>
        </Typography>
        {item.isRequired && <Chip component="span" size="small" label={translate('onboarding.required')} color="primary" variant="outlined" sx={{ height: 20, fontSize: 11 }} />}
      </Box>
    </Box>
  );
}

/**
 * The onboarding checklist of home (spec 1 sections 2.5, 3 and 4): the progress, the sections with
 * their items as the server computed them, folded or not (local storage `onboarding-isFold`), and
 * the detail dialog on `?type={key}`. Only a brand's main account has one.
 */
export function OnboardingChecklist({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const { enabled, data, isError } = useOnboarding(partnership);
  const [folded, setFolded] = useState(readFold);
  const guarded = useGuardedAction();
  const dialog = useDialogParam();
  if (!enabled) return null;
  const toggle = () => {
    const next = !folded;
    setFolded(next);
    try {
      localStorage.setItem(ONBOARDING_FOLD_KEY, String(next));
    } catch {
      // Private mode: the fold state lasts this page only.
    }
  };
  const columns = data?.sections.length ?? 4;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="home-onboarding" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box sx={{ flex: '1 1 200px' }}>
          <Typography id="home-onboarding" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {translate('onboarding.title')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('onboarding.subtitle')}
          </Typography>
        </Box>
        {data && (
          <Stack sx={{ flex: '1 1 200px', minWidth: 160 }} spacing={0.5}>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="onboarding-progress">
                {translate('onboarding.progress', { percent: data.progress.percent })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('onboarding.counts', data.progress)}
              </Typography>
            </Stack>
            {/* A meter, not a progressbar: nothing is loading (the a11y walk waits for progressbars to go). */}
            <LinearProgress role="meter" variant="determinate" value={data.progress.percent} aria-label={translate('onboarding.progressLabel')} sx={{ height: 8, borderRadius: 4 }} />
          </Stack>
        )}
        <Tooltip title={translate(folded ? 'onboarding.unfold' : 'onboarding.fold')}>
          <IconButton onClick={toggle} aria-expanded={!folded} aria-controls="home-onboarding-body" aria-label={translate(folded ? 'onboarding.unfold' : 'onboarding.fold')}>
            {folded ? <ExpandMoreIcon /> : <ExpandLessIcon />}
          </IconButton>
        </Tooltip>
      </Stack>
      <Box id="home-onboarding-body" hidden={folded} sx={{ mt: folded ? 0 : 2 }}>
        {isError && (
          <Typography variant="body2" color="text.secondary">
            {translate('onboarding.loadFailed')}
          </Typography>
        )}
        {data && (
          <Box
            data-testid="onboarding-sections"
            data-columns={columns}
            sx={{
              display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              [`@media (min-width: ${HOME_WIDE_MIN}px)`]: { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` },
            }}
          >
            {data.sections.map((section) => (
              <Box key={section.key} component="section" aria-labelledby={`onboarding-${section.key}`} data-section={section.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
                <Typography id={`onboarding-${section.key}`} component="h3" variant="body2" sx={{ fontWeight: 700, mb: 1, px: 1 }}>
                  {translate(`onboarding.sections.${section.key}`)}
                </Typography>
                <Box component="ul" sx={{ m: 0, p: 0 }}>
                  {section.items.map((item) => (
                    <ItemRow key={item.key} item={item} onOpen={(i) => guarded(i, () => dialog.open(i.key))} />
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {data && <OnboardingDialog answer={data} partnership={partnership} />}
    </Paper>
  );
}
