// The installable app's icons (web app manifest, apple-touch-icon): PNGs drawn with sharp from the logo SVG
// (web/public/favicon.svg) when the app is built, and served on the fly by the Vite dev server. Runs in Node
// (web/vite.config.ts imports it), never in the browser.
import { readFileSync } from 'node:fs';

const LOGO = new URL('../../web/public/favicon.svg', import.meta.url);
/** The dark background of the theme (index.html's theme-color): maskable icons fill their whole square with it. */
export const ICON_BACKGROUND = '#15110e';

export interface AppIcon {
  file: string;
  size: number;
  /** Maskable: the logo inside the central 60% (the safe zone is the 80% circle), the rest background. */
  maskable: boolean;
}

export const APP_ICONS: readonly AppIcon[] = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

export async function renderIcon(icon: AppIcon): Promise<Buffer> {
  // Loaded on the first icon asked for, not at start.
  const { default: sharp } = await import('sharp');
  const svg = readFileSync(LOGO);
  if (!icon.maskable) return sharp(svg, { density: 72 * (icon.size / 64) }).resize(icon.size, icon.size).png().toBuffer();
  const inner = Math.round(icon.size * 0.6);
  const logo = await sharp(svg, { density: 72 * (inner / 64) }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}
