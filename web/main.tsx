// Entry point of the customer web app.
import '@fontsource-variable/bricolage-grotesque/wght.css';
import './styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { startThemeExperiment } from './lib/experiment-tracker';
import { readServerState, renderedAsOnServer } from './ssr/state';

// The theme experiment's hue is painted before the first render (and the visitor enrolled, in the background).
startThemeExperiment();

const container = document.getElementById('root');
if (!container) throw new Error('#root not found in index.html');

// Public pages arrive rendered by the server (web/entry-server.tsx) for a signed-out pt-BR visitor with an empty cart,
// with the data they were drawn from; that data seeds the query cache. Such a visitor's first render is the server's
// HTML, so React hydrates it (the nodes on screen are kept, no second paint); anyone else (signed in, en-US, a cart)
// would render something else, so the app renders over the server's HTML instead (it stays on screen until then).
const initialState = readServerState(document);
const app = <App initialState={initialState} />;
// The page's screen is loaded first, so the whole page hydrates in one pass (a screen still loading when the layout's
// first effects run would be drawn again); if its chunk fails to load, the app renders as usual (and retries it).
if (initialState && renderedAsOnServer()) {
  preloadRoute(window.location.pathname).then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else createRoot(container).render(app);
