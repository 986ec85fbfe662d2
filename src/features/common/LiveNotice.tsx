/**
 * "Live updates paused — reconnecting…": shown, calmly, while neither the live stream nor
 * polling has worked for a while, with when the data was last confirmed; it goes away by
 * itself when either works again. Its own chunk, loaded after
 * the first render by the layout and the elements: the first load does not carry it.
 */
import { useStore } from '@nanostores/react';
import { registerBundledMessages } from '../../core/i18n/i18n.ts';
import { liveStatus } from '../../core/i18n/messages/en.json';
import { $liveState } from '../../core/live/state.ts';
import { momentParams } from '../../core/time/moments.ts';
import { useStyles } from './useStyles.ts';
import { useT } from './useT.ts';
import css from './liveNotice.css?inline';

registerBundledMessages('core', { liveStatus });

export function LiveNotice() {
  useStyles(css);
  const t = useT();
  const { paused, confirmedAt } = useStore($liveState);
  if (!paused) return null;
  return (
    <p className="v-live-notice" role="status" part="live-notice">
      <span className="v-live-notice-dot" aria-hidden="true" />
      <span>
        {t('core.liveStatus.paused')}
        {confirmedAt !== undefined && <> {t('core.liveStatus.lastConfirmed', momentParams(confirmedAt))}</>}
      </span>
    </p>
  );
}
