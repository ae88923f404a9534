// Marks the moment the app has taken the page over (early input replayed, <html data-app-ready>). Until its hydration
// pass a Suspense boundary is dead HTML, so this sits inside the screen's boundary and waits behind React's own
// idle-priority work through its scheduler (docs/server-rendering.md).
import { useEffect } from 'react';
import { unstable_IdlePriority as IdlePriority, unstable_scheduleCallback as scheduleCallback } from 'scheduler';
import { markAppReady } from '../lib/early-input';

export function AppReady() {
  useEffect(() => void scheduleCallback(IdlePriority, () => markAppReady()), []);
  return null;
}
