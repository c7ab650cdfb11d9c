import { useState } from 'react';
import { Button, Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import PersonOutline from '@mui/icons-material/PersonOutline';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Logout from '@mui/icons-material/Logout';
import Translate from '@mui/icons-material/Translate';
import { LinkBase, useLocaleState, useLogout } from 'react-admin';
import { displayNameOf, isSubAccount, type Partnership } from '../domain/identity';
import { useShellText } from './useShellText';

/** The header's profile menu: account settings, brand settings (main brand account) and logout. */
export function ProfileMenu({ partnership }: { partnership: Partnership }) {
  const t = useShellText();
  const logout = useLogout();
  // Korean is the default; the menu offers the other locale (the label is in the language it switches to).
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const showBrandSettings = partnership.adminType === 'b2b' && !isSubAccount(partnership);

  return (
    <>
      <Button
        // The visible name first, so that a voice command saying it finds the button (WCAG 2.5.3).
        aria-label={`${displayNameOf(partnership)} ${t('shell.header.profileMenu')}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'profile-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        color="inherit"
        startIcon={<PersonOutline />}
        endIcon={<KeyboardArrowDown />}
        sx={{ textTransform: 'none', fontWeight: 500, maxWidth: 220, flexShrink: 0, '& .name': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
      >
        <span className="name">{displayNameOf(partnership)}</span>
      </Button>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={LinkBase} to="/setting/profile" onClick={close}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t('shell.header.accountSettings')}
        </MenuItem>
        {showBrandSettings && (
          <MenuItem component={LinkBase} to="/setting/brand" onClick={close}>
            <ListItemIcon>
              <StorefrontOutlined fontSize="small" />
            </ListItemIcon>
            {t('shell.header.brandSettings')}
          </MenuItem>
        )}
        <MenuItem
          lang={locale === 'ko' ? 'en' : 'ko'}
          onClick={() => {
            close();
            setLocale(locale === 'ko' ? 'en' : 'ko');
          }}
        >
          <ListItemIcon>
            <Translate fontSize="small" />
          </ListItemIcon>
          {t('shell.header.language')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.header.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
