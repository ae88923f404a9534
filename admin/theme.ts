// Back-office themes: dark by default with Turma's orange accent; light via the app bar toggle.
import type { Theme } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Recursive merge of plain objects (functions and arrays are replaced, as MUI's deepmerge does). */
function deepmerge<T extends object>(base: T, extra: object): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepmerge(current, value) : value;
  }
  return out as T;
}

/** System fonts only: the server's CSP allows no font CDN, and we don't ship Roboto. */
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

export const ORANGE = '#f97316';

const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 280, closedWidth: 56 },
  components: {
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // react-admin's spinners (the app bar's, a list's first load) are progress bars with no name: screen readers
    // announce an unnamed "progress bar" and axe fails them. The back office's own language names them.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Carregando…' } },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
    MuiTableCell: {
      styleOverrides: { head: { fontWeight: 600, whiteSpace: 'nowrap' } },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          borderRadius: 8,
          margin: '2px 6px',
          paddingRight: 12,
          borderLeft: '3px solid transparent',
          '&.RaMenuItemLink-active': {
            borderLeftColor: theme.palette.primary.main,
            backgroundColor: theme.palette.action.selected,
            color: theme.palette.text.primary,
          },
          // An overview whose address prefixes other entries' (/marketplace vs /marketplace/products) is lit only
          // on its own page: react-admin matches menu entries by prefix.
          '&.RaMenuItemLink-active.turma-menu-exact-miss': {
            borderLeftColor: 'transparent',
            backgroundColor: 'transparent',
            color: theme.palette.text.secondary,
          },
        }),
      },
    },
  },
};

export const darkTheme: RaThemeOptions = deepmerge(
  deepmerge(defaultDarkTheme, shared),
  {
    palette: {
      mode: 'dark',
      primary: { main: ORANGE, contrastText: '#111827' },
      secondary: { main: '#fdba74', contrastText: '#111827' },
      background: { default: '#0f1115', paper: '#171a21' },
      divider: 'rgba(255, 255, 255, 0.10)',
      text: { primary: '#f3f4f6', secondary: '#a1a1aa' },
      // MUI's dark error red (#f44336) is 3.6:1 on a filled input (#2c2f35): a lighter red keeps error text 4.5:1.
      error: { main: '#f87171' },
    },
    components: {
      MuiAppBar: {
        styleOverrides: {
          colorSecondary: {
            backgroundColor: '#171a21',
            color: '#f3f4f6',
            borderBottom: '1px solid rgba(255, 255, 255, 0.10)',
            boxShadow: 'none',
          },
        },
      },
      RaToolbar: { styleOverrides: { root: { backgroundColor: '#1f232c' } } },
    },
  } satisfies RaThemeOptions,
);

export const lightTheme: RaThemeOptions = deepmerge(
  deepmerge(defaultLightTheme, shared),
  {
    palette: {
      mode: 'light',
      // A darker orange than the dark theme's: #f97316 on white fails WCAG contrast for text.
      primary: { main: '#c2410c', contrastText: '#ffffff' },
      secondary: { main: '#ea580c', contrastText: '#ffffff' },
      background: { default: '#f6f6f7', paper: '#ffffff' },
    },
    components: {
      MuiAppBar: {
        styleOverrides: {
          colorSecondary: {
            backgroundColor: '#ffffff',
            color: '#111827',
            borderBottom: '1px solid rgba(0, 0, 0, 0.10)',
            boxShadow: 'none',
          },
        },
      },
    },
  } satisfies RaThemeOptions,
);
