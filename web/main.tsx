// Entry point of the customer web app.
import '@fontsource-variable/bricolage-grotesque/wght.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startThemeExperiment } from './lib/experiment-tracker';

// The theme experiment's hue is painted before the first render (and the visitor enrolled, in the background).
startThemeExperiment();

const container = document.getElementById('root');
if (!container) throw new Error('#root not found in index.html');
createRoot(container).render(<App />);
