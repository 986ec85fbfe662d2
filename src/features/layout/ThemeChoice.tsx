import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $theme, setTheme, THEME_CHOICES } from '../../core/theme/theme.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import themeChoiceCss from './themeChoice.css?inline';

/**
 * The colour scheme in the user menu: System (the default, follows the device), Light or
 * Dark; remembered per browser (src/core/theme/theme.ts). Loaded when the menu first opens.
 */
export function ThemeChoice() {
  useStyles(themeChoiceCss);
  const t = useT();
  const theme = useStore($theme);
  const name = useId();
  return (
    <fieldset className="theme-choice">
      <legend className="theme-legend">{t('layout.user.theme')}</legend>
      <div className="theme-options">
        {THEME_CHOICES.map((choice) => (
          <label key={choice} className="theme-option">
            <input type="radio" name={name} value={choice} checked={theme === choice} onChange={() => setTheme(choice)} />
            <span>{t(`layout.user.themes.${choice}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
