/**
 * An HTTPS edge speaking HTTP/2 in front of the portal, as production serves it (TLS and HTTP/2 end at the
 * load balancer, which talks HTTP/1.1 to the portal's processes): bench:web measures a page both ways
 * (`EDGE=h2`). Over plain HTTP/1.1 a browser opens six connections per origin, and a page's requests queue
 * behind its scripts; over HTTP/2 they share one. Bench code only, with a self-signed certificate made by
 * `openssl` for the run (the browser is told to accept it). Node's own http2 and http modules: the edge only
 * forwards, decision 0093.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** Headers of one hop (RFC 9113 section 8.2.2 forbids them over HTTP/2), and HTTP/2's pseudo-headers. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const forwardable = (headers: NodeJS.Dict<string | string[]>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );

/** How long the edge waits for the portal's answer to start, as a load balancer's upstream timeout. */
const UPSTREAM_TIMEOUT_MS = 30_000;

/** A self-signed certificate for localhost, written in `dir`. */
function certificateIn(dir: string): { key: Buffer; cert: Buffer } {
  const [keyFile, certFile] = [join(dir, 'edge-key.pem'), join(dir, 'edge-cert.pem')];
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-keyout', keyFile, '-out', certFile],
      ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the edge's certificate: ${made.stderr}`);
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

/** Starts the edge on a free port in front of `portal` (http://host:port); resolves to its base address. */
export async function startEdge(
  portal: string,
  dir: string,
): Promise<{ base: string; edge: Http2SecureServer }> {
  const target = new URL(portal);
  const edge = createSecureServer({ ...certificateIn(dir), allowHTTP1: true }, (incoming, outgoing) => {
    const headers = {
      ...forwardable(incoming.headers),
      host: incoming.headers[':authority'] ?? incoming.headers.host,
      'x-forwarded-proto': 'https',
    };
    const upstream = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(outgoing);
      },
    );
    // A portal that stops answering fails the page's request, not the whole benchmark.
    upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error('the portal did not answer')));
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => edge.listen(0, 'localhost', resolve));
  return { base: `https://localhost:${(edge.address() as AddressInfo).port}`, edge };
}
