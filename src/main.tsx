import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { loadDictionary, storedLanguage } from './i18n/languages';
import { fetchCsrfCookie, readCookie } from './api/client';
import { authActor } from './app/auth';
import { preloadScreen } from './app/screens';
import { App } from './app/App';
import './styles/global.css';
import './styles/hero.css';
import './styles/results-head.css';
import './styles/catalogue-head.css';

// The reader's dictionary, the first screen's chunk and the GETs that screen makes download side by side; the app
// renders once the dictionary and the chunk are here, so the first paint is the screen itself rather than a spinner
// that the screen then pushes down.
const lng = storedLanguage();
const ready = Promise.all([loadDictionary(lng), preloadScreen(window.location.pathname)]);
// The CSRF cookie first when the browser has none (every write needs it), then "who am I" (the auth machine starts
// by fetching the user). A cookie already here is kept: asking for a new one at every page load cost a round trip
// before "who am I", and a write sent while that answer was on its way carried the token it replaced (419).
if (readCookie('XSRF-TOKEN')) authActor.start();
else void fetchCsrfCookie().finally(() => authActor.start());

void ready.then(async ([dictionary]) => {
  await initI18n(lng, dictionary);
  const root = createRoot(document.getElementById('root')!);
  // As a transition the first render yields to the browser every few milliseconds instead of holding the main
  // thread for the whole tree (~75 ms on a desktop, four times that on a mid-range phone): a tap during start-up
  // is answered, and the page the shell painted stays on screen until the app's is ready.
  startTransition(() => root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ));
});
