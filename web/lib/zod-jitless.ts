// Zod 4 probes `new Function('')` once to decide whether it may compile fast parsers. The site's CSP
// (script-src 'self', no 'unsafe-eval') blocks it and the browser reports a CSP violation on every page that loads a
// schema (Lighthouse's best-practices "issues" audit). With `jitless` zod skips the probe and parses the same way.
// zod reads its settings from globalThis.__zod_globalConfig, so this works whether it runs before or after zod loads;
// it must run before the first schema is built (routes.tsx imports it first). Browser only: the server keeps the JIT.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
if (typeof window !== 'undefined') (scope.__zod_globalConfig ??= {}).jitless = true;

export {};
