import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../shell/theme';
import { COUNT_AXIS, chartOptions, visibleColor } from './charts';
import { COLORS } from './series';

// Chart.js's own text colour, about 2.9:1 on the dark cards.
const CHART_JS_GREY = '#666';

describe('chartOptions', () => {
  it.each(['dark', 'light'] as const)('colours text and grid lines from the %s theme', (mode) => {
    const theme = createAppTheme(mode, 'primary');
    const options = chartOptions(theme);
    const { secondary } = theme.palette.text;
    expect(secondary).not.toBe(CHART_JS_GREY);
    expect(options.color).toBe(secondary);
    for (const id of ['x', 'y']) {
      expect(options.scales?.[id]).toMatchObject({
        ticks: { color: secondary },
        grid: { color: theme.palette.divider },
        border: { color: theme.palette.divider },
      });
    }
  });

  it('differs between dark and light', () => {
    const dark = chartOptions(createAppTheme('dark', 'primary'));
    const light = chartOptions(createAppTheme('light', 'primary'));
    expect(dark.color).not.toBe(light.color);
    expect(dark.scales?.y?.grid?.color).not.toBe(light.scales?.y?.grid?.color);
  });

  it("keeps the chart's own axis settings next to the colours", () => {
    const theme = createAppTheme('dark', 'primary');
    const callback = (v: string | number) => `${v}%`;
    const options = chartOptions(theme, { scales: { y: COUNT_AXIS, y1: { ticks: { callback } } } });
    expect(options.scales?.y).toMatchObject({
      beginAtZero: true,
      ticks: { precision: 0, color: theme.palette.text.secondary },
    });
    expect(options.scales?.y1?.ticks).toMatchObject({ callback, color: theme.palette.text.secondary });
    expect(options).toMatchObject({ responsive: true, maintainAspectRatio: false, animation: false });
  });
});

describe('visibleColor', () => {
  it.each(['dark', 'light'] as const)('shades every spec colour to 3:1 on the %s cards', (mode) => {
    const theme = createAppTheme(mode, 'primary');
    for (const color of [...Object.values(COLORS), '#3949ab', '#6d4c41', '#ffffff', '#000000']) {
      expect(
        getContrastRatio(visibleColor(color, theme), theme.palette.background.paper),
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps a colour that already stands out', () => {
    expect(visibleColor('#e53935', createAppTheme('light', 'primary'))).toBe('#e53935');
  });
});
