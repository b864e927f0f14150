import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { fetchCsrfCookie } from './api/client';
import { authActor } from './app/auth';
import { App } from './app/App';
import { preloadScreen } from './app/Router';
import './styles/global.css';

// The dictionary of the reader's language and the first screen's chunk download side by side; the app renders
// once both are here, so the first paint is the screen itself rather than a spinner that the screen then pushes.
const ready = Promise.all([initI18n(), preloadScreen(window.location.pathname)]);
// Spec §7: the CSRF cookie first, then "who am I" (the auth machine starts by fetching the user).
void fetchCsrfCookie().finally(() => authActor.start());

void ready.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
