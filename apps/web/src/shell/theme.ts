import { alpha, type Components, createTheme, lighten, type Theme } from '@mui/material/styles';
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

/**
 * WCAG AA shades of the accents (docs/decisions/0026-accessible-colours.md), for everything that is read: text,
 * links, chips, buttons. Light mode: Argon's colour darkened just enough for 4.5:1 as text on white and the grey
 * surfaces (#f8f9fa, #f5f5f5), and under white text. Dark mode: light enough for 4.5:1 on the navy surfaces,
 * and under navy text. Argon's own colours stay for what is only decoration (header band, gradients, icons).
 */
export const ACCESSIBLE_ACCENTS: Record<Mode, Record<Accent, string>> = {
  light: {
    primary: '#4e64e1',
    dark: '#344767',
    info: '#0a7b8f',
    success: '#1c8055',
    warning: '#bf4b31',
    danger: '#d32e4f',
  },
  dark: {
    primary: '#7082e7',
    dark: '#c4cde0',
    info: '#11cdef',
    success: '#2dce89',
    warning: '#fb6340',
    danger: '#f64669',
  },
};

/**
 * Icons over the accent-coloured header band (WCAG 1.4.11, 3:1): white on the deep accents, navy on the bright
 * ones (white on info, success or warning is only 1.9:1 to 3.0:1).
 */
export function onAccentBand(accent: Accent): string {
  return ['info', 'success', 'warning'].includes(accent) ? '#172b4d' : '#ffffff';
}

/** Argon's bg-gradient-* pairs, for large coloured panels. */
export const ACCENT_GRADIENTS: Record<Accent, string> = {
  primary: 'linear-gradient(310deg, #5e72e4 0%, #825ee4 100%)',
  dark: 'linear-gradient(310deg, #141727 0%, #3a416f 100%)',
  info: 'linear-gradient(310deg, #1171ef 0%, #11cdef 100%)',
  success: 'linear-gradient(310deg, #2dce89 0%, #2dcecc 100%)',
  warning: 'linear-gradient(310deg, #fb6340 0%, #fbb140 100%)',
  danger: 'linear-gradient(310deg, #f5365c 0%, #f56036 100%)',
};

/** Argon's grey text (#67748e), darkened to 4.5:1 on the grey surfaces. */
const GREY_TEXT = '#64718a';
const DARK_SURFACE = '#111c44';
const DARK_BODY = '#171941';

export const SIDENAV_WIDTH = 250;
/** The side navigation minimised on a desktop (the top bar's toggle): its icons only (decision 0047). */
export const SIDENAV_RAIL_WIDTH = 72;

/** Colours of the side navigation: 'bg-white' is white, 'bg-default' is Argon's navy, in either mode. */
export function sidenavColors(type: SidebarType) {
  return type === 'bg-default'
    ? { dark: true, background: DARK_SURFACE, text: '#ffffff', muted: 'rgba(255,255,255,0.72)' }
    : { dark: false, background: '#ffffff', text: '#344767', muted: GREY_TEXT };
}

/**
 * What a device that asks for reduced motion gets (WCAG 2.3.3), beside NO_CSS_MOTION (which stops what CSS
 * draws, in either theme): the transitions MUI times in script (dialogs and their backdrops, drawers, menus,
 * snackbars) take no time. Default props only, which a page at rest does not show: the browser's first render
 * uses them and still matches the server's markup, so the app is not drawn a second time after hydration on
 * such a device (a theme whose CSS differed would be).
 */
const NO_TIMED_MOTION = {
  MuiDialog: { defaultProps: { transitionDuration: 0 } },
  MuiDrawer: { defaultProps: { transitionDuration: 0 } },
  MuiPopover: { defaultProps: { transitionDuration: 0 } },
  MuiMenu: { defaultProps: { transitionDuration: 0 } },
  MuiSnackbar: { defaultProps: { transitionDuration: 0 } },
} satisfies Components<Theme>;

/** CSS animations (spinners, skeletons) and transitions the theme does not draw, stopped on such a device too. */
const NO_CSS_MOTION = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

/**
 * The one theme of the portal: light or dark, with the configurator's accent as primary colour; without
 * motion when the device asks for reduced motion.
 */
export function createAppTheme(mode: Mode, accent: Accent, { reducedMotion = false } = {}): Theme {
  const dark = mode === 'dark';
  const shades = ACCESSIBLE_ACCENTS[mode];
  // Each shade is readable on the page; what is written on it is white in light mode, navy in dark mode. A
  // filled button's hover takes `dark`: MUI darkens the shade, which under navy text drops below AA (2.6:1),
  // so in dark mode the hover lightens it instead.
  const color = (main: string) => ({
    main,
    contrastText: dark ? DARK_SURFACE : '#ffffff',
    ...(dark ? { dark: lighten(main, 0.2) } : {}),
  });

  return createTheme({
    palette: {
      mode,
      primary: color(shades[accent]),
      secondary: color(dark ? '#8392ab' : GREY_TEXT),
      info: color(shades.info),
      success: color(shades.success),
      warning: color(shades.warning),
      error: color(shades.danger),
      background: dark
        ? { default: DARK_BODY, paper: DARK_SURFACE }
        : { default: '#f8f9fa', paper: '#ffffff' },
      text: dark
        ? { primary: '#ffffff', secondary: 'rgba(255,255,255,0.72)' }
        : { primary: '#344767', secondary: GREY_TEXT },
      divider: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)',
      // A hovered row or menu item in dark mode: MUI's 8 % white put the accents' text (links, errors) at
      // 3.8:1 on navy; a darker surface keeps every text colour over 4.5:1.
      ...(dark ? { action: { hover: 'rgba(0,0,0,0.2)' } } : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        'var(--portal-font, "Open Sans"), "Open Sans Fallback", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
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
          ...NO_CSS_MOTION,
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
        styleOverrides: { root: { fontWeight: 600 } },
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
      MuiTableRow: {
        styleOverrides: {
          // A selected row keeps the surface its text colours are chosen for (MUI's 8 % accent tint put links
          // and grey text under 4.5:1) and shows the selection by a bar at its start, beside its checkbox.
          root: ({ theme }) => ({
            '&.Mui-selected': { backgroundColor: 'transparent' },
            '&.Mui-selected:hover': { backgroundColor: theme.palette.action.hover },
            '&.Mui-selected > :first-of-type': { boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}` },
          }),
        },
      },
      MuiTooltip: {
        defaultProps: {
          arrow: true,
          ...(reducedMotion ? { slotProps: { transition: { timeout: 0 } } } : {}),
        },
      },
      ...(reducedMotion ? NO_TIMED_MOTION : {}),
    },
  });
}
