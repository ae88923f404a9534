// The <head> of a server-rendered page: title, description, canonical link and Open Graph / Twitter tags
// (WhatsApp and Instagram link previews read og:*). Everything escaped: names come from the catalogue.
export interface PageMeta {
  /** The tab title, already through meta.titleTemplate (what useDocumentTitle sets in the browser). */
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview picture. */
  image: string;
  type?: 'website' | 'product';
  /** The robots meta tag's directives (none: indexable as usual). */
  robots?: string;
  siteName: string;
  locale: string;
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Descriptions stay short in previews: one line of plain text, cut at a word. */
export function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * og:image of a stored picture (`/media/<key>`): its 1200 × 630 JPEG card at `/og/<key>.jpg` (adapters/http/media.ts
 * mediaPreviews), since link previews show neither SVG (the seeded covers) nor, everywhere, WebP. Other paths are kept.
 */
export function previewImagePath(path: string): string {
  const key = /^\/media\/([a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*)$/.exec(path)?.[1];
  return key ? `/og/${key}.jpg` : path;
}

/** The tags that go before </head> (title and description replace the template's own). */
export function headTags(meta: PageMeta): string {
  const e = escapeHtml;
  return [
    `<link rel="canonical" href="${e(meta.url)}" />`,
    ...(meta.robots ? [`<meta name="robots" content="${e(meta.robots)}" />`] : []),
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="${e(meta.siteName)}" />`,
    `<meta property="og:locale" content="${e(meta.locale.replace('-', '_'))}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    `<meta property="og:image" content="${e(meta.image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:image" content="${e(meta.image)}" />`,
  ].join('\n    ');
}

/** The client build's manifest (dist/web/.vite/manifest.json): each source file's chunk, its imports and CSS. */
export type ClientManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The id of a server-rendered page's data block (web/ssr/state.ts); its absence tells web/main.tsx the page is a skeleton. */
export const SSR_STATE_ID = 'turma-ssr-state';

/** The id of the list of a page's screen chunks (read by web/main.tsx). */
export const SCREEN_CHUNKS_ID = 'turma-screen-chunks';

/**
 * What a server-rendered page's lazy screen (and the lazy parts drawn inside it) needs: its CSS as stylesheets (the
 * page is drawn with it), and its chunk and imports as a JSON list. Scripts wait for the first paint: web/main.tsx fetches the listed chunks then, with the
 * app (web/boot.tsx), which hydrates once the screen is there; none of them competes with the page's CSS, font and
 * pictures. Nothing when the build has no manifest or the screen is unknown. A client-rendered page's skeleton takes
 * the CSS as `preload` (css: 'preload'): the screen is not drawn yet, so its styles must not hold back the skeleton's paint.
 */
export function chunkTags(
  manifest: ClientManifest | null | undefined,
  screens: string | ReadonlyArray<string | undefined> | undefined,
  options: { css?: 'stylesheet' | 'preload' } = {},
): string {
  if (!manifest) return '';
  const keys = (typeof screens === 'string' ? [screens] : (screens ?? [])).filter((key): key is string => !!key && !!manifest[key]);
  if (keys.length === 0) return '';
  // The entry (index.html), the app it starts (web/boot.tsx) and what they import are the app's own.
  const inTemplate = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    for (const dep of manifest[key]?.imports ?? []) {
      if (into.has(dep) || inTemplate.has(dep)) continue;
      into.add(dep);
      walk(dep, into);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    inTemplate.add(key);
    walk(key, inTemplate);
    for (const app of chunk.dynamicImports ?? []) {
      if (!app.endsWith('boot.tsx')) continue;
      inTemplate.add(app);
      walk(app, inTemplate);
      // The app's pieces, which web/boot.tsx imports (and preloads) itself.
      for (const piece of manifest[app]?.dynamicImports ?? []) {
        inTemplate.add(piece);
        walk(piece, inTemplate);
      }
    }
  }
  const css = new Set<string>();
  const files = new Set<string>();
  for (const key of keys) {
    const entry = manifest[key]!;
    for (const file of entry.css ?? []) css.add(file);
    files.add(entry.file);
    walk(key, seen);
  }
  for (const dep of seen) for (const file of manifest[dep]?.css ?? []) css.add(file);
  for (const dep of seen) if (manifest[dep]) files.add(manifest[dep]!.file);
  const scripts = [...files].map((file) => `/${file}`);
  const e = escapeHtml;
  return [
    ...[...css].map((file) =>
      options.css === 'preload' ? `<link rel="preload" as="style" crossorigin href="/${e(file)}" />` : `<link rel="stylesheet" crossorigin href="/${e(file)}" />`,
    ),
    // Non-executable JSON (the CSP allows no inline script); file names are [\w.-] only, and '<' is escaped anyway.
    `<script type="application/json" id="${SCREEN_CHUNKS_ID}">${JSON.stringify(scripts).replace(/</g, '\\u003c')}</script>`,
  ].join('\n    ');
}

/** The built index.html with a client-rendered page's skeleton in #root and its screen's chunks (no state, same head). */
export function fillShell(template: string, parts: { html: string; chunks?: string }): string {
  let out = parts.chunks ? template.replace('</head>', `    ${parts.chunks}\n  </head>`) : template;
  out = out.replace('<div id="root"></div>', () => `<div id="root">${parts.html}</div>`);
  return out;
}

/** The built index.html with the page's head and body: title and description replaced, tags, HTML and state added. */
export function fillTemplate(template: string, parts: { meta: PageMeta; html: string; state: string; chunks?: string }): string {
  const e = escapeHtml;
  let out = template.replace(/<title>[\s\S]*?<\/title>/, `<title>${e(parts.meta.title)}</title>`);
  out = out.replace(/<meta\s+name="description"[\s\S]*?\/>/, `<meta name="description" content="${e(parts.meta.description)}" />`);
  out = out.replace('</head>', `    ${headTags(parts.meta)}${parts.chunks ? `\n    ${parts.chunks}` : ''}\n  </head>`);
  // A function replacement: the HTML may contain '$&' and friends.
  out = out.replace('<div id="root"></div>', () => `<div id="root">${parts.html}</div>${parts.state}`);
  return out;
}
