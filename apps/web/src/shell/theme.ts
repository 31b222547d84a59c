import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { Accent, SidebarType } from '../lib/storage';

export type Mode = 'light' | 'dark';

/** Argon Dashboard 2 colours. */
export const ACCENT_COLORS: Record<Accent, string> = {
  primary: '#5e72e4',
  dark: '#344767',
  info: '#11cdef',
  success: '#2dce89',
  warning: '#fb6340',
  danger: '#f5365c',
};

/** Text on the light accents (info, success, warning): white on them reads at only 2:1 to 3:1. */
const ON_LIGHT_ACCENT = '#172b4d';
const LIGHT_ACCENTS: readonly Accent[] = ['info', 'success', 'warning'];

/** Argon's bg-gradient-* pairs, for large coloured panels. */
export const ACCENT_GRADIENTS: Record<Accent, string> = {
  primary: 'linear-gradient(310deg, #5e72e4 0%, #825ee4 100%)',
  dark: 'linear-gradient(310deg, #141727 0%, #3a416f 100%)',
  info: 'linear-gradient(310deg, #1171ef 0%, #11cdef 100%)',
  success: 'linear-gradient(310deg, #2dce89 0%, #2dcecc 100%)',
  warning: 'linear-gradient(310deg, #fb6340 0%, #fbb140 100%)',
  danger: 'linear-gradient(310deg, #f5365c 0%, #f56036 100%)',
};

const GREY_TEXT = '#67748e';
const DARK_SURFACE = '#111c44';
const DARK_BODY = '#171941';

export const SIDENAV_WIDTH = 250;

/** Colours of the side navigation: 'bg-white' is white, 'bg-default' is Argon's navy, in either mode. */
export function sidenavColors(type: SidebarType) {
  return type === 'bg-default'
    ? { dark: true, background: DARK_SURFACE, text: '#ffffff', muted: 'rgba(255,255,255,0.72)' }
    : { dark: false, background: '#ffffff', text: '#344767', muted: GREY_TEXT };
}

/** The one theme of the portal: light or dark, with the configurator's accent as primary colour. */
export function createAppTheme(mode: Mode, accent: Accent): Theme {
  const main = ACCENT_COLORS[accent];
  const dark = mode === 'dark';
  // On the navy dark surfaces the 'dark' accent would vanish, so text in the accent colour is lightened.
  const accentText = dark && accent === 'dark' ? '#c4cde0' : main;

  return createTheme({
    palette: {
      mode,
      primary: { main, contrastText: LIGHT_ACCENTS.includes(accent) ? ON_LIGHT_ACCENT : '#ffffff' },
      secondary: { main: '#8392ab', contrastText: '#ffffff' },
      info: { main: ACCENT_COLORS.info, contrastText: ON_LIGHT_ACCENT },
      success: { main: ACCENT_COLORS.success, contrastText: ON_LIGHT_ACCENT },
      warning: { main: ACCENT_COLORS.warning, contrastText: ON_LIGHT_ACCENT },
      error: { main: ACCENT_COLORS.danger, contrastText: '#ffffff' },
      background: dark
        ? { default: DARK_BODY, paper: DARK_SURFACE }
        : { default: '#f8f9fa', paper: '#ffffff' },
      text: dark
        ? { primary: '#ffffff', secondary: 'rgba(255,255,255,0.72)' }
        : { primary: '#344767', secondary: GREY_TEXT },
      divider: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        '"Open Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: 14,
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 700, textTransform: 'none', letterSpacing: '0.01em' },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
        },
      },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            borderRadius: 16,
            boxShadow: dark ? '0 20px 27px 0 rgba(0,0,0,0.25)' : '0 20px 27px 0 rgba(0,0,0,0.05)',
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 8, paddingBlock: 10 },
          contained: {
            boxShadow: '0 4px 6px rgba(50,50,93,0.1), 0 1px 3px rgba(0,0,0,0.08)',
            '&:hover': { boxShadow: '0 7px 14px rgba(50,50,93,0.1), 0 3px 6px rgba(0,0,0,0.08)' },
          },
        },
      },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: { root: { color: accentText, fontWeight: 600 } },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            backgroundColor: dark ? alpha('#ffffff', 0.04) : '#ffffff',
          },
        },
      },
      MuiAlert: {
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
      },
    },
  });
}
