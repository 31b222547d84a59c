import { darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { SHOP_CURRENCY } from '@portal/contract';
import type { ChartOptions } from 'chart.js';

export type DashboardChartOptions = ChartOptions<'bar' | 'line'>;

/** A y axis counting people, registrations or orders: whole-number ticks only (no 0.5 registrations). */
export const COUNT_AXIS = { beginAtZero: true, ticks: { precision: 0 } };

/** A y axis in percent of a whole (retention, churn, stickiness): always 0–100 %, so charts compare. */
export const PERCENT_AXIS = {
  min: 0,
  max: 100,
  ticks: { callback: (value: string | number) => `${value}%` },
};

/** A y axis of money: it names its currency, as every revenue figure is in the shop's (net of refunds). */
export const MONEY_AXIS = {
  beginAtZero: true,
  title: { display: true, text: `Revenue (${SHOP_CURRENCY})` },
  ticks: {
    callback: (value: string | number) => `${SHOP_CURRENCY} ${Number(value).toLocaleString('en-US')}`,
  },
};

/** A y axis of day-over-day growth: at least −100 % to +100 %, so one value never fills the whole axis. */
export const GROWTH_AXIS = {
  suggestedMin: -100,
  suggestedMax: 100,
  ticks: { callback: (value: string | number) => `${value}%` },
};

/**
 * A series colour that stands out from the card it is drawn on (3:1, WCAG's rule for graphics): the spec's
 * yellow is near invisible on white, its indigo on the dark navy. The colour keeps its hue; it is darkened
 * on light cards and lightened on dark ones only as far as needed.
 */
export function visibleColor(color: string, theme: Theme): string {
  const paper = theme.palette.background.paper;
  const dark = theme.palette.mode === 'dark';
  for (let step = 0; step <= 20; step += 1) {
    const shade = step === 0 ? color : dark ? lighten(color, step * 0.05) : darken(color, step * 0.05);
    if (getContrastRatio(shade, paper) >= 3) return shade;
  }
  return theme.palette.text.primary;
}

/**
 * The options of every dashboard chart: `options` on top of the theme's text and divider colours for
 * ticks, legend and grid, as Chart.js's own grey (#666) is unreadable on the dark cards.
 */
export function chartOptions(theme: Theme, options: DashboardChartOptions = {}): DashboardChartOptions {
  const text = theme.palette.text.secondary;
  const line = theme.palette.divider;
  const ids = new Set(['x', 'y', ...Object.keys(options.scales ?? {})]);
  const scales = Object.fromEntries(
    [...ids].map((id) => {
      const axis = options.scales?.[id] ?? {};
      return [
        id,
        {
          ...axis,
          ticks: { color: text, ...axis.ticks },
          grid: { color: line, ...axis.grid },
          border: { color: line, ...axis.border },
          ...('title' in axis && axis.title ? { title: { color: text, ...axis.title } } : {}),
        },
      ];
    }),
  );
  // The chart-wide `color` reaches the legend; ticks read Chart.defaults.color instead, so each axis gets it.
  return { responsive: true, maintainAspectRatio: false, animation: false, color: text, ...options, scales };
}
