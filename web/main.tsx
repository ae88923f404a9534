// Entry point of the customer web app.
import '@fontsource-variable/bricolage-grotesque/wght.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startThemeExperiment } from './lib/experiment-tracker';
import { readServerState } from './ssr/state';

// The theme experiment's hue is painted before the first render (and the visitor enrolled, in the background).
startThemeExperiment();

const container = document.getElementById('root');
if (!container) throw new Error('#root not found in index.html');

// Public pages arrive rendered by the server (web/entry-server.tsx) with the data they were drawn from; that data
// seeds the query cache, so the app's first render shows the same content without fetching it first. The app renders
// over the server's HTML (React clears it when it commits; it stays on screen until then). Not hydrateRoot yet: its
// browser test failed once and was not diagnosed before the deadline (see README, "Server rendering").
createRoot(container).render(<App initialState={readServerState(document)} />);
