import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The elements this app shows, each from the package's library build (see vite.config.ts).
import 'vigil-portal/elements/vigil-evacuation';
import 'vigil-portal/elements/vigil-inbox';
import 'vigil-portal/elements/vigil-language-picker';
import 'vigil-portal/elements/vigil-login';
import 'vigil-portal/elements/vigil-unread-badge';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
