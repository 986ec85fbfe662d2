import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $alarmSound, setAlarmSound, testAlarm } from '../../core/alarm/alarm.ts';
import { useT } from '../common/useT.ts';

/**
 * "Alarm sound on this device" (docs/push.md#an-alarm-you-can-hear): a short sound in an
 * open Vigil tab for critical incidents and real evacuations, off until turned on here,
 * remembered by this browser; "Test sound" plays it (and, being a click, lets the page play).
 */
export function AlarmSound() {
  const t = useT();
  const on = useStore($alarmSound);
  const [silent, setSilent] = useState(false);

  return (
    <fieldset className="va-alerts va-device">
      <legend className="va-legend">{t('inbox.alerts.sound.title')}</legend>
      <label className="va-check">
        <input type="checkbox" checked={on} onChange={(e) => setAlarmSound(e.target.checked)} />
        {t('inbox.alerts.sound.enable')}
      </label>
      <p className="v-small v-muted va-note">{t('inbox.alerts.sound.note')}</p>
      <button type="button" className="v-btn v-btn--small va-test" onClick={() => void testAlarm().then((played) => setSilent(!played))}>
        {t('inbox.alerts.sound.test')}
      </button>
      {silent && (
        <p className="v-small va-problem" role="alert">
          {t('inbox.alerts.sound.silent')}
        </p>
      )}
    </fieldset>
  );
}
