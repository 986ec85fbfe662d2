import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { LanguagePicker } from '../src/features/layout/LanguagePicker.tsx';
import hostCss from '../src/features/layout/language-picker-host.css?inline';

/**
 * Language picker with the eight entries of the portal. Switching re-renders every Vigil
 * element of the page; for a signed-in user the choice is saved to their account.
 *
 * @tagname vigil-language-picker
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-language-changed - the language was switched; detail `{ language }`
 * @csspart language-picker - the picker's wrapper
 */
export const VigilLanguagePicker = defineElement<never>({
  tag: 'vigil-language-picker',
  component: LanguagePicker,
  session: 'optional',
  css: [hostCss],
});
