// Floor 1: React 19 rendering one element (what any React custom element pays).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.body).render(createElement('p', null, 'floor'));
