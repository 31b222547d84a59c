/**
 * Product art served by the portal at /shop-images/{name}.svg (same origin, so CSP img-src 'self' holds).
 * Each image is generated from its name: a gradient, a simple emblem and a label. Deterministic, cacheable.
 */
const PALETTES = [
  ['#1e3a8a', '#3b82f6', '#bfdbfe'],
  ['#7c2d12', '#f97316', '#fed7aa'],
  ['#14532d', '#22c55e', '#bbf7d0'],
  ['#581c87', '#a855f7', '#e9d5ff'],
  ['#831843', '#ec4899', '#fbcfe8'],
  ['#713f12', '#eab308', '#fef08a'],
  ['#134e4a', '#14b8a6', '#99f6e4'],
  ['#7f1d1d', '#ef4444', '#fecaca'],
] as const;

const EMBLEMS: Record<string, string> = {
  gem: '<polygon points="100,48 140,82 100,150 60,82" fill="{c}" stroke="#fff" stroke-width="5"/><polyline points="60,82 140,82" stroke="#fff" stroke-width="4" fill="none"/>',
  coin: '<circle cx="100" cy="100" r="50" fill="{c}" stroke="#fff" stroke-width="6"/><text x="100" y="118" font-size="52" text-anchor="middle" fill="#fff" font-family="Georgia,serif" font-weight="700">₱</text>',
  sword:
    '<rect x="94" y="40" width="12" height="90" rx="4" fill="#fff"/><rect x="70" y="126" width="60" height="10" rx="4" fill="{c}"/><rect x="95" y="134" width="10" height="28" rx="3" fill="{c}"/>',
  shield:
    '<path d="M100 44 L148 62 L142 118 Q100 160 100 160 Q58 140 58 118 L52 62 Z" fill="{c}" stroke="#fff" stroke-width="6"/>',
  potion:
    '<rect x="88" y="40" width="24" height="24" rx="4" fill="#fff"/><circle cx="100" cy="112" r="44" fill="{c}" stroke="#fff" stroke-width="6"/>',
  box: '<rect x="54" y="70" width="92" height="76" rx="8" fill="{c}" stroke="#fff" stroke-width="6"/><rect x="48" y="56" width="104" height="22" rx="6" fill="#fff"/><rect x="94" y="56" width="12" height="90" fill="#fff" opacity=".7"/>',
  star: '<polygon points="100,40 116,84 162,84 124,110 138,156 100,128 62,156 76,110 38,84 84,84" fill="{c}" stroke="#fff" stroke-width="5"/>',
  shoe: '<path d="M48 130 L60 76 L96 84 Q110 110 150 112 Q160 114 160 130 Z" fill="{c}" stroke="#fff" stroke-width="6"/>',
  ticket:
    '<rect x="44" y="70" width="112" height="64" rx="10" fill="{c}" stroke="#fff" stroke-width="6"/><circle cx="100" cy="102" r="14" fill="#fff"/>',
  crown:
    '<polygon points="50,140 56,70 82,100 100,60 118,100 144,70 150,140" fill="{c}" stroke="#fff" stroke-width="6"/>',
};

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 33 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** A name is `{emblem}-{anything}` in [a-z0-9-]; anything else is not an image. */
export function productImageSvg(name: string): string | null {
  if (!/^[a-z0-9-]{1,64}$/.test(name)) return null;
  const emblemKey = Object.keys(EMBLEMS).find((k) => name.startsWith(`${k}-`)) ?? 'gem';
  const [dark, mid, light] = PALETTES[hash(name) % PALETTES.length]!;
  const emblem = EMBLEMS[emblemKey]!.replaceAll('{c}', mid);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="400" height="400" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
<radialGradient id="r" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="${light}" stop-opacity=".55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient></defs>
<rect width="200" height="200" fill="url(#g)"/><circle cx="100" cy="100" r="86" fill="url(#r)"/>
<g opacity=".16" fill="#fff"><circle cx="24" cy="30" r="6"/><circle cx="176" cy="40" r="4"/><circle cx="160" cy="176" r="7"/><circle cx="30" cy="168" r="3"/></g>
${emblem}</svg>`;
}
