// Marks the moment the app has taken the page over (early input replayed, <html data-app-ready>). Until its hydration
// pass a Suspense boundary is dead HTML, so this sits inside the screen's boundary and waits behind React's own
// idle-priority work through its scheduler (docs/server-rendering.md).
import { useContext, useEffect } from 'react';
import { unstable_IdlePriority as IdlePriority, unstable_scheduleCallback as scheduleCallback } from 'scheduler';
import { markAppReady } from '../lib/early-input';
import { RenderedAtDone } from '../lib/use-now';

export function AppReady() {
  // The server's instant (web/lib/use-now.ts) has served its hydration too: clocks run on the browser's from now on.
  const hydrated = useContext(RenderedAtDone);
  useEffect(
    () =>
      void scheduleCallback(IdlePriority, () => {
        markAppReady();
        hydrated();
      }),
    [hydrated],
  );
  return null;
}
