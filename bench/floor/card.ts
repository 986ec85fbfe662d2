// Floor 3: every library of the design card a signed-in element needs, used minimally:
// React 19, i18next, r2wc, nanostores (+ React binding), wretch; plus valibot (the contract).
import r2wc from '@r2wc/react-to-web-component';
import { useStore } from '@nanostores/react';
import i18next from 'i18next';
import { atom } from 'nanostores';
import { createElement } from 'react';
import * as v from 'valibot';
import wretch from 'wretch';

const $text = atom('floor');
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: { floor: 'floor' } } } });
const Answer = v.looseObject({ data: v.looseObject({ name: v.string() }) });
function Floor() {
  return createElement('p', null, i18n.t(useStore($text)));
}
customElements.define('vigil-floor', r2wc(Floor));
void wretch('/api').get().json((a: unknown) => $text.set(v.parse(Answer, a).data.name)).catch(() => undefined);
