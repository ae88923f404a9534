// Language menu for the app bar: full name on wide screens, icon + short code on phones.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export const LocaleSwitcher = () => {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = locales.find((l) => l.locale === locale);
  const label = translate('turma.locale_label');

  return (
    <>
      {/* Named by its content ("Idioma: PT" on a phone): a name that leaves out the visible text is not one voice control can say. */}
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        sx={{ minWidth: 0, whiteSpace: 'nowrap', px: { xs: 0.75, sm: 1 } }}
      >
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {`${label}: `}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current?.name ?? locale}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {locale.slice(0, 2).toUpperCase()}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            lang={l.locale}
            selected={l.locale === locale}
            onClick={() => {
              setLocale(l.locale);
              setAnchor(null);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
