// The server-rendered page's screen chunk (issue 15, web/ssr/meta.ts chunkTags): its CSS, its own imports as
// modulepreload and the chunk as a module script, never what the entry (index.html) already loads, and nothing
// without a manifest or for an unknown screen.
import { describe, expect, it } from 'vitest';
import { chunkTags, fillTemplate, type ClientManifest } from '../../web/ssr/meta';

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-A.css'] },
  '_react.js': { file: 'assets/react-B.js' },
  '_shared.js': { file: 'assets/shared-C.js', imports: ['_react.js'], css: ['assets/shared-C.css'] },
  'features/landing/landing-page.tsx': { file: 'assets/landing-page-D.js', imports: ['_react.js', 'index.html', '_shared.js'], css: ['assets/landing-E.css'] },
};

describe('chunkTags', () => {
  it("loads the screen's chunk, its CSS and its own imports, after the entry and without repeating it", () => {
    const tags = chunkTags(manifest, 'features/landing/landing-page.tsx').split('\n').map((line) => line.trim());
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/landing-E.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/shared-C.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/shared-C.js" />',
      '<script type="module" crossorigin src="/assets/landing-page-D.js"></script>',
    ]);
  });

  it('adds nothing without a manifest or for a screen the build does not know', () => {
    expect(chunkTags(null, 'features/landing/landing-page.tsx')).toBe('');
    expect(chunkTags(manifest, 'features/unknown.tsx')).toBe('');
    expect(chunkTags(manifest, undefined)).toBe('');
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
    expect(html).toContain('<div id="root"><h1>Oi</h1></div>');
  });
});
