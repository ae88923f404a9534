// Generated product covers: an SVG made from the product's name and its category's colours (seeds and imports, no downloads).
import { normalizeSearch } from './search';

/** Background/foreground pairs per category slug; unknown categories get a colour from the name. */
const PALETTES: Record<string, [from: string, to: string, ink: string]> = {
  beleza: ['#fde2e4', '#f9a8b8', '#7a1f3d'],
  'cuidados-pessoais': ['#e0f2fe', '#7dd3fc', '#0c4a6e'],
  casa: ['#fef3c7', '#fcd34d', '#78350f'],
  eletronicos: ['#e0e7ff', '#a5b4fc', '#312e81'],
  'moda-acessorios': ['#f3e8ff', '#d8b4fe', '#581c87'],
  'saude-bem-estar': ['#dcfce7', '#86efac', '#14532d'],
  'esporte-lazer': ['#ffedd5', '#fdba74', '#7c2d12'],
  papelaria: ['#f1f5f9', '#cbd5e1', '#1e293b'],
};

const FALLBACK: Array<[string, string, string]> = Object.values(PALETTES);

/** FNV-1a, 32 bits: a stable short hash for colours and content-addressed keys (no crypto needed). */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Splits a name into at most 3 lines of about 18 characters, for the cover's title. */
export function wrapTitle(name: string, width = 18, maxLines = 3): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    if (current && `${current} ${word}`.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[.,;:]?$/, '')}…`;
    return kept;
  }
  return lines;
}

/** A 600×600 SVG cover: a gradient in the category's colours, a soft shape, the initials, the name and the category. */
export function productCoverSvg(name: string, category: { slug: string; name: string } | null): string {
  const hash = Number.parseInt(fnv1a(normalizeSearch(name)), 16);
  const [from, to, ink] = (category && PALETTES[category.slug]) ?? FALLBACK[hash % FALLBACK.length]!;
  const initials = name
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const angle = hash % 360;
  const cx = 380 + (hash % 120);
  const cy = 140 + ((hash >> 8) % 120);
  const title = wrapTitle(name)
    .map((line, i) => `<text x="48" y="${430 + i * 44}" font-size="36" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`)
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img"',
    ` aria-label="${escapeXml(name)}">`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="600" height="600" fill="url(#g)"/>',
    `<circle cx="${cx}" cy="${cy}" r="150" fill="#ffffff" fill-opacity=".35"/>`,
    `<circle cx="${cx - 60}" cy="${cy + 70}" r="70" fill="${ink}" fill-opacity=".08"/>`,
    `<text x="48" y="200" font-size="150" font-weight="800" fill="${ink}" fill-opacity=".85" font-family="Arial, Helvetica, sans-serif">${escapeXml(initials || name.slice(0, 1).toUpperCase())}</text>`,
    `<g font-family="Arial, Helvetica, sans-serif">${title}`,
    category ? `<text x="48" y="${560}" font-size="22" letter-spacing="2" fill="${ink}" fill-opacity=".7">${escapeXml(category.name.toUpperCase())}</text>` : '',
    '</g></svg>',
  ].join('');
}
