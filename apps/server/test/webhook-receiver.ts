import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * Test helper: a real HTTP server standing in for a game's webhook receiver. `answer` decides each reply's
 * status (by the request's number, from 1); `requests` keeps every request as received.
 */
export async function startWebhookReceiver(
  answer: (n: number, request: ReceivedWebhook) => number | Promise<number> = () => 200,
  options: { headers?: Record<string, string> } = {},
) {
  const requests: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(request);
      const status = await answer(requests.length, request);
      res.writeHead(status, { 'content-type': 'text/plain', ...options.headers }).end(`status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/portal-webhook`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
