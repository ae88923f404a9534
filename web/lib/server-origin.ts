// The site's public origin while the server renders a page (web/entry-server.tsx), where there is no window.location:
// an address made for sharing (a group's invite link) comes out as the browser's would.
import { createContext, useContext } from 'react';

export const ServerOrigin = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(ServerOrigin) ?? window.location.origin;
}
