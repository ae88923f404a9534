// Marks the moment the app has taken the page over (web/lib/early-input.ts markAppReady: early input is replayed and
// <html data-app-ready> set). A server-rendered page is hydrated in passes: the shell first, then each Suspense
// boundary (the screen, then any boundary inside it) in later, lowest-priority passes. Until its pass, a boundary is
// dead HTML: a replayed tap would do nothing, and a replayed language change would make React hydrate it with the
// other language's text. So this sits inside the screen's boundary (root-layout.tsx) and, once the screen has
// hydrated, waits behind React's own idle-priority work (the boundaries inside the screen, queued before it) through
// React's scheduler.
import { useEffect } from 'react';
import { unstable_IdlePriority as IdlePriority, unstable_scheduleCallback as scheduleCallback } from 'scheduler';
import { markAppReady } from '../lib/early-input';

export function AppReady() {
  useEffect(() => void scheduleCallback(IdlePriority, () => markAppReady()), []);
  return null;
}
