import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import pickerCss from './languagePicker.css?inline';
import { emit } from '../../core/events.ts';
import { registerBundledMessages } from '../../core/i18n/i18n.ts';
import { $language, isLanguageTag, LANGUAGES } from '../../core/i18n/languages.ts';
import * as core from '../../core/i18n/messages/en.json?languages.part.json';
import { setLocale } from '../../core/session/locale.ts';
import { useElementScope } from '../common/element/context.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';

// The languages' names in English come with the picker, their only user (not in every
// element's core English: en.ts).
registerBundledMessages('core', { languages: core.languages });

/**
 * The language picker: the eight entries of docs/product.md#routes, each named in its own language.
 * Switching re-renders every element of the page without a reload.
 *
 * `compact` (the portal's header): a globe and the language code, with the native select
 * laid over it, so the keyboard, screen readers and the mobile picker all work as usual.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const t = useT();
  useStyles(pickerCss);
  const id = useId();
  const { host } = useElementScope();
  const language = useStore($language);
  const select = (
    <select
      id={id}
      className={compact ? 'lang-select' : 'v-select'}
      value={language}
      onChange={async (e) => {
        const tag = e.target.value;
        if (!isLanguageTag(tag)) return;
        await setLocale(tag);
        emit(host, 'vigil-language-changed', { language: $language.get() });
      }}
    >
      {LANGUAGES.map(({ tag }) => (
        <option key={tag} value={tag} lang={tag}>
          {t(`core.languages.${tag}`)}
        </option>
      ))}
    </select>
  );
  return (
    <div className={compact ? 'lang lang--compact' : 'v-row lang'} part="language-picker">
      <label htmlFor={id} className="v-visually-hidden">
        {t('core.languages.label')}
      </label>
      {compact && (
        <span className="lang-face" aria-hidden="true">
          <svg viewBox="0 0 20 20" width="18" height="18" focusable="false">
            <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path
              d="M2.5 10h15M10 2.5c2.2 2.1 3.2 4.6 3.2 7.5s-1 5.4-3.2 7.5M10 2.5C7.8 4.6 6.8 7.1 6.8 10s1 5.4 3.2 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </svg>
          <span className="lang-code">{language.toUpperCase()}</span>
          <svg className="lang-chevron" viewBox="0 0 16 16" width="12" height="12" focusable="false">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      )}
      {select}
    </div>
  );
}
