// The server-drawn page never claims a signed-in person is signed out: with a session cookie its top bar has the
// neutral account corner (the browser's own first render while it asks for the session), without one 'Entrar'.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../web/entry-server';

const template = readFileSync(resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
const origin = 'http://127.0.0.1';
const topBar = (html: string) => html.slice(html.indexOf('<header class="topbar"'), html.indexOf('</header>'));

describe("the skeleton's top bar", () => {
  it("offers 'Entrar' to a visitor (no session cookie)", async () => {
    const page = await renderShell('/my-groups', { template, origin });
    expect(topBar(page!.html)).toContain('Entrar');
    expect(page!.html).not.toContain('data-session-pending');
  });

  it("waits for the session when the request carried one: no 'Entrar', the neutral corner", async () => {
    const page = await renderShell('/my-groups', { template, origin, session: true });
    const bar = topBar(page!.html);
    expect(bar).toContain('class="account-slot"');
    expect(bar).toContain('data-session-pending');
    expect(bar).not.toContain('Entrar');
  });
});
