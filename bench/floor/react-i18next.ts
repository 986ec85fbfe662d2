// Floor 2: floor 1 plus i18next (the design card's translation library).
import i18next from 'i18next';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: { floor: 'floor' } } } });
createRoot(document.body).render(createElement('p', null, i18n.t('floor')));
