import { Box, Button, ButtonBase, Chip, Paper, Stack, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { useTranslate } from 'react-admin';
import type { Template } from './api';

/** One template as a card preview: background, card name, 대표 badge and status; select, edit, make main, stop. */
export function TemplateCard({
  template,
  selected,
  onSelect,
  onEdit,
  onSetMain,
  onStop,
  busy,
}: {
  template: Template;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onSetMain: () => void;
  onStop: () => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const stopped = template.status === 'STOP';
  const bg = template.backgroundImg?.url;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={template.nftCardName}
      sx={{ position: 'relative', listStyle: 'none', borderRadius: 3, overflow: 'hidden', borderWidth: selected ? 2 : 1, borderColor: selected ? 'primary.main' : 'divider', opacity: stopped ? 0.7 : 1, display: 'flex', flexDirection: 'column' }}
    >
      <ButtonBase
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={translate('template.list.choose', { name: template.nftCardName })}
        sx={{ display: 'block', textAlign: 'left', width: '100%', '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        <Box
          sx={{
            height: 120,
            position: 'relative',
            background: bg ? `center / cover no-repeat url("${bg}")` : 'linear-gradient(135deg, #2d3a4a 0%, #56708c 100%)',
            color: 'common.white',
            p: 1.5,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'flex-end',
          }}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 700, textShadow: '0 1px 2px rgba(0,0,0,0.5)', wordBreak: 'break-word' }}>
            {template.nftCardName}
          </Typography>
        </Box>
      </ButtonBase>
      {!bg && (
        // Beside the button, over its picture: the button's name stays its visible text (WCAG 2.5.3).
        <Typography variant="caption" sx={{ position: 'absolute', top: 8, right: 12, color: 'common.white', pointerEvents: 'none' }}>
          {translate('template.list.noBackground')}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ px: 1.5, pt: 1.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        {template.isMain && <Chip size="small" color="primary" icon={<StarIcon />} label={translate('template.list.main')} />}
        <Chip size="small" variant="outlined" color={stopped ? 'default' : 'success'} label={translate(`template.status.${stopped ? 'STOP' : 'ACTIVE'}`)} />
        {selected && <Chip size="small" variant="outlined" color="primary" label={translate('template.list.selected')} />}
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ px: 1, py: 1, flexWrap: 'wrap', mt: 'auto' }} role="group" aria-label={translate('template.list.actions', { name: template.nftCardName })}>
        <Button size="small" onClick={onEdit} disabled={busy}>
          {translate('template.list.edit')}
        </Button>
        {!template.isMain && !stopped && (
          <Button size="small" onClick={onSetMain} disabled={busy}>
            {translate('template.list.setMain')}
          </Button>
        )}
        {!stopped && (
          <Button size="small" color="error" onClick={onStop} disabled={busy}>
            {translate('template.list.stop')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
