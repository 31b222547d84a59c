/**
 * A tiny marketing analytics adapter. It does nothing unless VITE_META_PIXEL_ID is set at build time; then
 * it loads the Meta pixel from its own host (allow connect.facebook.net in the CSP when turning it on) and
 * forwards custom events. Nothing else in the portal talks to a tracking service.
 */
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean };

const PIXEL_ID: string | undefined = import.meta.env.VITE_META_PIXEL_ID || undefined;

function pixel(): Fbq | null {
  if (!PIXEL_ID || typeof window === 'undefined') return null;
  const w = window as unknown as { fbq?: Fbq };
  if (!w.fbq) {
    const queue: unknown[][] = [];
    const fbq: Fbq = (...args: unknown[]) => {
      queue.push(args);
    };
    fbq.queue = queue;
    w.fbq = fbq;
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://connect.facebook.net/en_US/fbevents.js';
    document.head.appendChild(script);
    fbq('init', PIXEL_ID);
  }
  return w.fbq;
}

export const analytics = {
  enabled: Boolean(PIXEL_ID),
  /** A custom marketing event, e.g. trackCustom('ReferralVisit', { referral_code }). */
  trackCustom(name: string, data: Record<string, unknown>): void {
    pixel()?.('trackCustom', name, data);
  },
};
