import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { ACCENT_COLORS, createAppTheme } from './theme';

describe('createAppTheme', () => {
  it('builds a dark theme with the accent as primary colour', () => {
    const theme = createAppTheme('dark', 'info');
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.primary.main).toBe('#11cdef');
    expect(theme.palette.background.default).not.toBe('#f8f9fa');
  });

  it('builds the light Argon theme', () => {
    const theme = createAppTheme('light', 'primary');
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe(ACCENT_COLORS.primary);
    expect(theme.palette.background.default).toBe('#f8f9fa');
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

  it('puts readable text (WCAG AA, 4.5:1) on the light accents, as buttons, chips and badges', () => {
    for (const accent of ['info', 'success', 'warning'] as const) {
      const theme = createAppTheme('light', accent);
      for (const color of [
        theme.palette.primary,
        theme.palette.info,
        theme.palette.success,
        theme.palette.warning,
      ]) {
        if (color.main === ACCENT_COLORS.primary) continue;
        expect(getContrastRatio(color.main, color.contrastText)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
