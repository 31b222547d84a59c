import type { Theme } from '@mui/material/styles';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only the pieces the dashboards draw, registered once for this lazy chunk.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend, Filler);

export type DashboardChartOptions = ChartOptions<'bar' | 'line'>;

/** A y axis counting people, registrations or orders: whole-number ticks only (no 0.5 registrations). */
export const COUNT_AXIS = { beginAtZero: true, ticks: { precision: 0 } };

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
        },
      ];
    }),
  );
  // The chart-wide `color` reaches the legend; ticks read Chart.defaults.color instead, so each axis gets it.
  return { responsive: true, maintainAspectRatio: false, animation: false, color: text, ...options, scales };
}
