import { useRef, useSyncExternalStore } from 'react';
import { Box, IconButton, Link as MuiLink, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useTranslate } from 'react-admin';
import { BLOG_ENTRIES, blogSlidesPerView } from '../../domain/home';
import { HomeCard } from './HomeCard';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const useWindowWidth = () => useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
const TINTS = ['#eef2ff', '#ecfeff', '#f0fdf4', '#fefce8', '#fff1f2', '#f5f3ff'];

/**
 * The blog carousel of home (spec 1 sections 2.5 and 9): 6 fixed entries, 2.1 slides in view, 1.5 up
 * to 1100 px, 1.2 below; scrolls by swipe, wheel or the two buttons, a slide at a time (scroll snap).
 */
export function BlogCarousel() {
  const translate = useTranslate();
  const perView = blogSlidesPerView(useWindowWidth());
  const track = useRef<HTMLUListElement>(null);
  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * (el.clientWidth / perView), behavior: 'smooth' });
  };
  return (
    <HomeCard
      icon={<MenuBookOutlinedIcon />}
      title={translate('homePanels.blogTitle')}
      id="home-blog"
      action={
        <Stack direction="row">
          <IconButton size="small" onClick={() => scroll(-1)} aria-label={translate('homePanels.blogPrev')}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton size="small" onClick={() => scroll(1)} aria-label={translate('homePanels.blogNext')}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      }
    >
      <Box
        component="ul"
        ref={track}
        data-testid="blog-track"
        data-per-view={perView}
        sx={{ display: 'flex', gap: 1.5, m: 0, p: 0, listStyle: 'none', overflowX: 'auto', scrollSnapType: 'x mandatory', scrollbarWidth: 'thin', pb: 1 }}
      >
        {BLOG_ENTRIES.map((entry, i) => {
          const title = translate(`homePanels.blog.${entry.key}`);
          return (
            <Box component="li" key={entry.key} sx={{ flex: `0 0 calc((100% - ${(Math.ceil(perView) - 1) * 12}px) / ${perView})`, scrollSnapAlign: 'start' }}>
              <MuiLink
                href={entry.url}
                target="_blank"
                rel="noopener noreferrer"
                underline="none"
                color="inherit"
                aria-label={translate('homePanels.blogOpen', { title })}
                sx={{ display: 'flex', alignItems: 'flex-end', height: 120, p: 2, borderRadius: 2, bgcolor: TINTS[i % TINTS.length], border: 1, borderColor: 'divider', '&:hover, &:focus-visible': { borderColor: 'primary.main' } }}
              >
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {title}
                </Typography>
              </MuiLink>
            </Box>
          );
        })}
      </Box>
    </HomeCard>
  );
}
