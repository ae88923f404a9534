// The back office itself, started by admin/main.tsx after the first paint. React's renderer and the app are fetched
// together and each runs when it arrives, in a task of its own: run as one module graph they made one long task.
import { StrictMode, startTransition } from 'react';

const pieces = Promise.all([import('react-dom/client'), import('./App')]);

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('admin/index.html has no #root element');
  const [{ createRoot }, { App, fillFirstScreen }] = await pieces;
  // Answered while the code loaded, as a rule; a slow server gets the usual spinner after a second.
  await Promise.race([fillFirstScreen(), new Promise((done) => setTimeout(done, 1000))]);
  // A transition: React may pause the first render to let the browser answer a tap.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void boot();
