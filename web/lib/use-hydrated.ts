// Whether the browser may draw what only it knows (the tab's storage): false on the server and in the browser's
// hydrating render of a server-drawn page (RenderedAt is set only for those two), true from the render after.
import { useContext, useEffect, useState } from 'react';
import { RenderedAt } from './use-now';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(useContext(RenderedAt) === null);
  useEffect(() => setHydrated(true), []);
  return hydrated && typeof window !== 'undefined';
}
