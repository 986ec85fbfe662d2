import './messages/bundled.ts';
import './messages/bundled-alerts.ts';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { SEVERITIES } from '../../core/api/constants.ts';
import { $alertPrefs, setAlertsEnabled, toggleAlertSeverity } from '../../core/inbox/live/alert-prefs.ts';
import { useStyles } from '../common/useStyles.ts';
import { AlarmSound } from './AlarmSound.tsx';
import { DeviceAlerts } from './DeviceAlerts.tsx';
import { useT } from '../common/useT.ts';
import alertsCss from './alerts.css?inline';

/**
 * Desktop alerts (browser notifications) for new incidents: off until the user turns them
 * on here, which is when the browser asks for permission; then per severity. Remembered
 * per account. Below them, the alerts that reach this device with Vigil closed (Web Push),
 * and the alarm sound of an open tab.
 */
export function AlertSettings() {
  useStyles(alertsCss);
  const t = useT();
  const prefs = useStore($alertPrefs);
  const [problem, setProblem] = useState<'denied' | 'unsupported' | null>(null);

  async function toggle(on: boolean) {
    const permission = await setAlertsEnabled(on);
    setProblem(!on || permission === 'granted' ? null : permission === 'unsupported' ? 'unsupported' : 'denied');
  }

  return (
    <div className="va-wrap">
      <fieldset className="va-alerts">
        <legend className="va-legend">{t('inbox.alerts.title')}</legend>
        <label className="va-check">
          <input type="checkbox" checked={prefs.enabled} onChange={(e) => void toggle(e.target.checked)} />
          {t('inbox.alerts.enable')}
        </label>
        {prefs.enabled && (
          <fieldset className="va-severities">
            <legend className="v-small v-muted">{t('inbox.alerts.severities')}</legend>
            {SEVERITIES.map((severity) => (
              <label key={severity} className="va-check">
                <input
                  type="checkbox"
                  checked={prefs.severities.includes(severity)}
                  onChange={(e) => toggleAlertSeverity(severity, e.target.checked)}
                />
                {t(`inbox.severity.${severity}`)}
              </label>
            ))}
          </fieldset>
        )}
        {problem && (
          <p className="v-small va-problem" role="alert">
            {t(`inbox.alerts.${problem}`)}
          </p>
        )}
      </fieldset>
      <DeviceAlerts />
      <AlarmSound />
    </div>
  );
}
