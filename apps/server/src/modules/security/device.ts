import UAParser from 'ua-parser-js';

/**
 * A readable device for a user agent, e.g. "Chrome on Windows" or "Safari on iOS"; null when the agent
 * names neither a browser nor a system (a script, a game launcher).
 */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const client = browser.name ?? ([device.vendor, device.model].filter(Boolean).join(' ') || undefined);
  if (client && os.name) return `${client} on ${os.name}`;
  return client ?? os.name ?? null;
}
