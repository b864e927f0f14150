import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { fetchCsrfCookie } from './api/client';
import { authActor } from './app/auth';
import { App } from './app/App';
import './styles/global.css';

initI18n();
// Spec §7: the CSRF cookie first, then "who am I" (the auth machine starts by fetching the user).
void fetchCsrfCookie().finally(() => authActor.start());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
