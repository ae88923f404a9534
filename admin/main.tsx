// Entry point of the back office bundle (never imported by web/): index.html's frame is painted first, then the app
// starts (admin/boot.tsx). Evaluating react-admin before that paint kept a phone's screen blank for seconds.
let started = false;
function start() {
  if (started) return;
  started = true;
  import('./boot').catch((error: unknown) => {
    console.error('Turma: a administração não pôde ser carregada.', error);
  });
}

// A tab in the background paints nothing (and runs no animation frame): it starts at once.
if (document.visibilityState === 'hidden') start();
else {
  // The timeout inside the frame runs after that frame is painted; the second one is the fallback.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
}
