import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/app-routes';
import { Providers } from './app/providers';
import { initI18n } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  // The active language's texts are fetched first, so no screen renders untranslated keys.
  void initI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRoutes />
        </Providers>
      </StrictMode>,
    ),
  );
}
