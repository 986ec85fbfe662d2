// Floor 3: every library of the design card a signed-in element needs, used minimally:
// React 19, i18next, r2wc, nanostores (+ React binding), wretch; plus valibot (the contract).
import r2wc from '@r2wc/core';
import { useStore } from '@nanostores/react';
import i18next from 'i18next';
import { atom } from 'nanostores';
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import * as v from 'valibot';
import wretch from 'wretch';

const $text = atom('floor');
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: { floor: 'floor' } } } });
const Answer = v.looseObject({ data: v.looseObject({ name: v.string() }) });
function Floor() {
  return createElement('p', null, i18n.t(useStore($text)));
}
// The React renderer r2wc needs (what the suite's own renderer does, minus root options).
const renderer = {
  mount: (container: HTMLElement, C: ComponentType<object>, props: object) => {
    const root = createRoot(container);
    root.render(createElement(C, props));
    return { root, C };
  },
  update: ({ root, C }: { root: Root; C: ComponentType<object> }, props: object) => root.render(createElement(C, props)),
  unmount: ({ root }: { root: Root }) => root.unmount(),
};
customElements.define('vigil-floor', r2wc(Floor, {}, renderer));
void wretch('/api')
  .get()
  .json((a: unknown) => $text.set(v.parse(Answer, a).data.name))
  .catch(() => undefined);
