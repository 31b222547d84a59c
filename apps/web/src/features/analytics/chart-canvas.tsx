import {
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { DashboardChartOptions } from './charts';

// Only the pieces the dashboards draw, registered once for this lazy chunk.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend, Filler);

/**
 * A chart's canvas: Chart.js and its React binding, loaded only when a chart is first drawn (ChartCard), so
 * that a dashboard's page, its title and cards, does not wait for them (decision 0089).
 */
export default function ChartCanvas({
  type,
  data,
  options,
  title,
}: {
  type: 'bar' | 'line';
  data: ChartData<'bar' | 'line'>;
  options: DashboardChartOptions;
  title: string;
}) {
  return type === 'bar' ? (
    <Bar
      data={data as ChartData<'bar'>}
      options={options as ChartOptions<'bar'>}
      aria-label={title}
      role="img"
    />
  ) : (
    <Line
      data={data as ChartData<'line'>}
      options={options as ChartOptions<'line'>}
      aria-label={title}
      role="img"
    />
  );
}
