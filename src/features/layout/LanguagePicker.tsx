import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { emit } from '../../core/events.ts';
import { $language, isLanguageTag, LANGUAGES } from '../../core/i18n/languages.ts';
import { setLocale } from '../../core/session/session.ts';
import { useElementScope } from '../common/element/context.ts';
import { useT } from '../common/useT.ts';

/**
 * The language picker: the eight entries of SPEC §2, each named in its own language.
 * Switching re-renders every element of the page without a reload.
 */
export function LanguagePicker() {
  const t = useT();
  const id = useId();
  const { host } = useElementScope();
  const language = useStore($language);
  return (
    <div className="v-row" part="language-picker">
      <label htmlFor={id} className="v-visually-hidden">
        {t('core.languages.label')}
      </label>
      <select
        id={id}
        className="v-select"
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
    </div>
  );
}
