import { decomposeColor, getContrastRatio, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { ACCENTS } from '../lib/storage';
import { ACCENT_COLORS, ACCESSIBLE_ACCENTS, createAppTheme, type Mode, onAccentBand } from './theme';

/** The surfaces text sits on: paper and page, plus MUI's hover grey (tabs) in light mode. */
const SURFACES: Record<Mode, string[]> = {
  light: ['#ffffff', '#f8f9fa', '#f5f5f5'],
  dark: ['#111c44', '#171941'],
};

/** `overlay` (an rgba colour) painted over the opaque `surface`, as an rgb colour. */
function paintedOver(overlay: string, surface: string): string {
  const { values: top } = decomposeColor(overlay);
  const { values: bottom } = decomposeColor(surface);
  const alpha = top[3] ?? 1;
  const channels = [0, 1, 2].map((i) => Math.round(alpha * top[i]! + (1 - alpha) * bottom[i]!));
  return `rgb(${channels.join(', ')})`;
}

/** The surfaces, and a hovered row or menu item (MUI's `action.hover` over the paper they sit on). */
const surfacesOf = (mode: Mode, palette: Theme['palette']) => [
  ...SURFACES[mode],
  paintedOver(palette.action.hover, palette.background.paper),
];

describe('createAppTheme', () => {
  it('builds a dark theme with the accent as primary colour', () => {
    const theme = createAppTheme('dark', 'info');
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.primary.main).toBe(ACCESSIBLE_ACCENTS.dark.info);
    expect(theme.palette.background.default).not.toBe('#f8f9fa');
  });

  it('builds the light Argon theme', () => {
    const theme = createAppTheme('light', 'primary');
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#4e64e1');
    expect(theme.palette.background.default).toBe('#f8f9fa');
  });

  it('times no motion on a device that asks for reduced motion, and draws the same CSS as elsewhere', () => {
    const still = createAppTheme('light', 'primary', { reducedMotion: true });
    const moving = createAppTheme('light', 'primary');
    for (const name of ['MuiDialog', 'MuiDrawer', 'MuiPopover', 'MuiMenu', 'MuiSnackbar'] as const) {
      expect(still.components?.[name]?.defaultProps).toMatchObject({ transitionDuration: 0 });
      expect(moving.components?.[name]?.defaultProps?.transitionDuration).toBeUndefined();
    }
    expect(still.components?.MuiTooltip?.defaultProps?.slotProps).toEqual({ transition: { timeout: 0 } });
    // The CSS is the server's, which draws every page in motion: the same style classes on either device.
    expect(still.transitions.duration).toEqual(moving.transitions.duration);
    expect(still.transitions.create(['opacity', 'transform'])).toBe(
      moving.transitions.create(['opacity', 'transform']),
    );
    // CSS animations and transitions stop on such a device in either theme.
    const baseline = moving.components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
    expect(baseline['@media (prefers-reduced-motion: reduce)']).toEqual({
      '*, *::before, *::after': expect.objectContaining({
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
      }),
    });
  });

  it('knows the six Argon accents', () => {
    expect(ACCENT_COLORS).toEqual({
      primary: '#5e72e4',
      dark: '#344767',
      info: '#11cdef',
      success: '#2dce89',
      warning: '#fb6340',
      danger: '#f5365c',
    });
  });

  it.each(['light', 'dark'] as const)(
    'in %s mode, every accent reads at 4.5:1 (WCAG AA) on the page, on a hovered row and under its own text, hovered too',
    (mode) => {
      for (const accent of ACCENTS) {
        const { palette } = createAppTheme(mode, accent);
        for (const color of [
          palette.primary,
          palette.info,
          palette.success,
          palette.warning,
          palette.error,
        ]) {
          for (const surface of surfacesOf(mode, palette)) {
            expect(getContrastRatio(color.main, surface)).toBeGreaterThanOrEqual(4.5);
          }
          expect(getContrastRatio(color.main, color.contrastText)).toBeGreaterThanOrEqual(4.5);
          // A filled button on hover (MUI paints it `dark`) keeps its text readable.
          expect(getContrastRatio(color.dark, color.contrastText)).toBeGreaterThanOrEqual(4.5);
        }
        for (const surface of surfacesOf(mode, palette)) {
          expect(getContrastRatio(palette.text.secondary, surface)).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it('draws the navbar icons over the header band at 3:1 (WCAG 1.4.11) in every accent', () => {
    for (const accent of ACCENTS) {
      expect(getContrastRatio(onAccentBand(accent), ACCENT_COLORS[accent])).toBeGreaterThanOrEqual(3);
    }
  });
});
