/**
 * What Lighthouse's simulation (Lantern) puts on a page's LCP: the requests of its LCP graph, each with the
 * start and end the simulation gives it on the throttled link, from a run's trace and network log. The LCP is
 * the end of the last of them; the requests that end before the observed (unthrottled) LCP are the graph's,
 * so a request's place here says whether cutting it, or its bytes, can move the figure (bench:web LCP_GRAPH=1).
 */
import type { RunnerResult } from 'lighthouse';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface GraphNode {
  type: string;
  request?: { url: string; transferSize: number };
}
interface Estimate {
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

/** The LCP graph's requests of a simulated run, one line each by start, the last to end marked. */
export async function lcpGraphLines(result: RunnerResult): Promise<string[]> {
  const { artifacts } = result;
  const settings = result.lhr.configSettings;
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
  };
  const simulator = await LoadSimulator.request(data as never, context as never);
  const lcp = (await LanternLargestContentfulPaint.request(
    { ...data, simulator } as never,
    context as never,
  )) as {
    timing: number;
    optimisticEstimate: Estimate;
  };
  const requests = [...lcp.optimisticEstimate.nodeTimings]
    .flatMap(([node, timing]) =>
      node.type === 'network' && node.request ? [{ request: node.request, ...timing }] : [],
    )
    .sort((a, b) => a.startTime - b.startTime);
  const lastEnd = Math.max(...requests.map((entry) => entry.endTime));
  return [
    `simulated LCP ${Math.round(lcp.timing)} ms; its graph's requests (start–end ms, KB sent):`,
    ...requests.map(({ request, startTime, endTime }) => {
      const path = new URL(request.url).pathname;
      const mark = endTime === lastEnd ? '  ← last' : '';
      return `  ${Math.round(startTime)}–${Math.round(endTime)}  ${(request.transferSize / 1024).toFixed(1)}  ${path}${mark}`;
    }),
  ];
}
