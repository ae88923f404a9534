// The server-rendered page's screen chunk (web/ssr/meta.ts chunkTags): its CSS as stylesheets and the chunk with its own
// imports as a JSON list fetched after the first paint, never what the entry or the app already load, and nothing
// without a manifest or for an unknown screen.
import { describe, expect, it } from 'vitest';
import { chunkTags, fillTemplate, previewImagePath, SCREEN_CHUNKS_ID, type ClientManifest } from '../../web/ssr/meta';

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_jsx.js'], dynamicImports: ['boot.tsx'], css: ['assets/index-A.css'] },
  '_jsx.js': { file: 'assets/jsx-F.js' },
  'boot.tsx': { file: 'assets/boot-G.js', imports: ['_jsx.js'], dynamicImports: ['app/app.tsx'] },
  'app/app.tsx': { file: 'assets/app-H.js', imports: ['_react.js'], dynamicImports: ['features/landing/landing-page.tsx'] },
  '_react.js': { file: 'assets/react-B.js' },
  '_shared.js': { file: 'assets/shared-C.js', imports: ['_react.js'], css: ['assets/shared-C.css'] },
  'features/landing/landing-page.tsx': { file: 'assets/landing-page-D.js', imports: ['_react.js', 'index.html', '_shared.js'], css: ['assets/landing-E.css'] },
  '_cep.js': { file: 'assets/cep-P.js' },
  'features/nearby.tsx': { file: 'assets/nearby-N.js', imports: ['_shared.js', '_cep.js'], css: ['assets/nearby-N.css'] },
};

describe('chunkTags', () => {
  it("links the screen's CSS and lists its chunk and own imports, without repeating the entry's or the app's", () => {
    const tags = chunkTags(manifest, 'features/landing/landing-page.tsx').split('\n').map((line) => line.trim());
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/landing-E.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/shared-C.css" />',
      `<script type="application/json" id="${SCREEN_CHUNKS_ID}">["/assets/landing-page-D.js","/assets/shared-C.js"]</script>`,
    ]);
  });

  it('adds the lazy parts drawn inside the screen (their CSS too), each file once', () => {
    const tags = chunkTags(manifest, ['features/landing/landing-page.tsx', 'features/nearby.tsx']).split('\n').map((line) => line.trim());
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/landing-E.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/nearby-N.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/shared-C.css" />',
      `<script type="application/json" id="${SCREEN_CHUNKS_ID}">["/assets/landing-page-D.js","/assets/nearby-N.js","/assets/shared-C.js","/assets/cep-P.js"]</script>`,
    ]);
  });

  it('adds nothing without a manifest or for a screen the build does not know', () => {
    expect(chunkTags(null, 'features/landing/landing-page.tsx')).toBe('');
    expect(chunkTags(manifest, 'features/unknown.tsx')).toBe('');
    expect(chunkTags(manifest, undefined)).toBe('');
    expect(chunkTags(manifest, [undefined, 'features/unknown.tsx'])).toBe('');
  });

  it('goes into the head after the template\'s own entry script', () => {
    const template = '<html><head><title>x</title><meta name="description" content="d" /><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';
    const html = fillTemplate(template, {
      meta: { title: 'T', description: 'D', url: 'http://127.0.0.1/', image: 'http://127.0.0.1/i.png', siteName: 'Turma', locale: 'pt-BR' },
      html: '<h1>Oi</h1>',
      state: '',
      chunks: chunkTags(manifest, 'features/landing/landing-page.tsx'),
    });
    expect(html.indexOf('index-A.js')).toBeLessThan(html.indexOf('landing-page-D.js'));
    expect(html.indexOf('landing-page-D.js')).toBeLessThan(html.indexOf('</head>'));
    // Neither a module script nor a preload: a screen run by the page would pull React in before the first paint, and a
    // preload would take the connection from the page's CSS and pictures.
    expect(html).not.toMatch(/<script type="module"[^>]*landing-page-D\.js/);
    expect(html).not.toMatch(/<link rel="modulepreload"[^>]*landing-page-D\.js/);
    expect(html).toContain('<div id="root"><h1>Oi</h1></div>');
  });
});

describe('previewImagePath (og:image)', () => {
  it('points a stored picture at its JPEG card and keeps every other address', () => {
    expect(previewImagePath('/media/products/serum-facial-1a2b3c4d.svg')).toBe('/og/products/serum-facial-1a2b3c4d.svg.jpg');
    expect(previewImagePath('/media/professionals/abc/a.webp')).toBe('/og/professionals/abc/a.webp.jpg');
    expect(previewImagePath('/icons/icon-512.png')).toBe('/icons/icon-512.png');
    expect(previewImagePath('/media/../etc/passwd')).toBe('/media/../etc/passwd');
    expect(previewImagePath('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});
