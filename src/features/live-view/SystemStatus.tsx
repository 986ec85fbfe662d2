import './messages/bundled.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import css from './systemStatus.css?inline';

/** A system's online/offline status: a shape and a word, never colour alone. */
export function SystemStatus({ online }: { online: boolean }) {
  useStyles(css);
  const t = useT();
  return (
    <span className={`v-pill-status lv-system lv-system--${online ? 'online' : 'offline'}`} part="system-status">
      <span className="lv-system-icon" aria-hidden="true" />
      {online ? t('liveView.system.online') : t('liveView.system.offline')}
    </span>
  );
}
