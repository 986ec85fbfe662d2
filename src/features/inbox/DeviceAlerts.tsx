import './messages/bundled.ts';
import './messages/bundled-alerts.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { SEVERITIES } from '../../core/api/constants.ts';
import { formatDateTime } from '../../core/time/format.ts';
import {
  $deviceAlerts,
  DEFAULT_CHOICES,
  disableDeviceAlerts,
  enableDeviceAlerts,
  loadDeviceAlerts,
  loadDeviceSites,
  removeDevice,
  saveDeviceChoices,
  sendTestNotification,
  withSeverity,
  withSite,
} from '../../core/push/device.ts';
import { useT } from '../common/useT.ts';

/**
 * "Alerts on this device" (docs/push.md): Web Push that reaches this browser with Vigil
 * closed — on/off (the browser asks for permission only on that click), severities,
 * evacuations (always on, shown), systems going offline, a test notification, and the
 * user's other devices with Remove. The logic is src/core/push/device.ts.
 */
export function DeviceAlerts() {
  const t = useT();
  const state = useStore($deviceAlerts);
  const [testSent, setTestSent] = useState(false);

  useEffect(() => {
    void loadDeviceAlerts();
  }, []);

  const device = state.device;
  const on = state.status === 'on' && device !== undefined;
  useEffect(() => {
    if (on) void loadDeviceSites();
  }, [on]);

  if (state.status === 'unknown') return null;

  return (
    <fieldset className="va-alerts va-device" aria-busy={state.busy}>
      <legend className="va-legend">{t('inbox.alerts.device.title')}</legend>
      {state.status === 'unsupported' ? (
        <p className="v-small v-muted va-note">{t('inbox.alerts.device.unsupported')}</p>
      ) : (
        <>
          <label className="va-check">
            <input
              type="checkbox"
              checked={on}
              disabled={state.busy}
              onChange={(e) => {
                setTestSent(false);
                void (e.target.checked ? enableDeviceAlerts(DEFAULT_CHOICES) : disableDeviceAlerts());
              }}
            />
            {t('inbox.alerts.device.enable')}
          </label>
          {on && (
            <>
              <fieldset className="va-severities">
                <legend className="v-small v-muted">{t('inbox.alerts.device.severities')}</legend>
                {SEVERITIES.map((severity) => (
                  <label key={severity} className="va-check">
                    <input
                      type="checkbox"
                      checked={device.severities.includes(severity)}
                      onChange={(e) => void saveDeviceChoices({ severities: withSeverity(device.severities, severity, e.target.checked) })}
                    />
                    {t(`inbox.severity.${severity}`)}
                  </label>
                ))}
              </fieldset>
              {state.sites && state.sites.length > 1 && (
                // Folded: the menu stays short; the summary says how many sites alert.
                <details className="va-sites">
                  <summary className="v-small v-muted">
                    {t('inbox.alerts.device.sites')} (
                    {device.sites === null ? t('inbox.alerts.device.allSites') : `${device.sites.length}/${state.sites.length}`})
                  </summary>
                  <fieldset className="va-sites-list" aria-label={t('inbox.alerts.device.sites')}>
                    {state.sites.map((site) => (
                      <label key={site.uuid} className="va-check">
                        <input
                          type="checkbox"
                          checked={device.sites === null || device.sites.includes(site.uuid)}
                          onChange={(e) =>
                            void saveDeviceChoices({
                              sites: withSite(
                                device.sites,
                                state.sites!.map((x) => x.uuid),
                                site.uuid,
                                e.target.checked,
                              ),
                            })
                          }
                        />
                        <span>
                          {site.name}
                          <span className="v-small v-muted va-site-project">{site.project}</span>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                </details>
              )}
              <label className="va-check">
                <input type="checkbox" checked disabled />
                {t('inbox.alerts.device.evacuations')}
              </label>
              <label className="va-check">
                <input
                  type="checkbox"
                  checked={device.systems_offline}
                  onChange={(e) => void saveDeviceChoices({ systems_offline: e.target.checked })}
                />
                {t('inbox.alerts.device.systemsOffline')}
              </label>
              <p className="v-small v-muted va-note">{t('inbox.alerts.device.openTabNote')}</p>
              <button
                type="button"
                className="v-btn v-btn--small va-test"
                disabled={state.busy}
                onClick={() => void sendTestNotification().then(setTestSent)}
              >
                {t('inbox.alerts.device.test')}
              </button>
              {testSent && (
                <p className="v-small va-note" role="status">
                  {t('inbox.alerts.device.testSent')}
                </p>
              )}
            </>
          )}
          {state.status === 'denied' && (
            <p className="v-small va-problem" role="alert">
              {t('inbox.alerts.device.denied')}
            </p>
          )}
        </>
      )}
      {state.failed && (
        <p className="v-small va-problem" role="alert">
          {t('inbox.alerts.device.failed')}
        </p>
      )}
      {state.status !== 'unsupported' && (
        <div className="va-devices">
          <p className="v-small v-muted va-devices-title">{t('inbox.alerts.device.others')}</p>
          {state.others.length === 0 ? (
            <p className="v-small v-muted va-note">{t('inbox.alerts.device.noOthers')}</p>
          ) : (
            <ul className="va-device-list">
              {state.others.map((other) => {
                const name = other.device_name ?? t('inbox.alerts.device.unnamed');
                return (
                  <li key={other.uuid} className="va-device-item">
                    <span className="va-device-name">
                      {name}
                      <span className="v-small v-muted">{t('inbox.alerts.device.since', { date: formatDateTime(other.created_at) })}</span>
                    </span>
                    <button
                      type="button"
                      className="v-btn v-btn--ghost v-btn--small va-remove"
                      aria-label={t('inbox.alerts.device.removeNamed', { name })}
                      disabled={state.busy}
                      onClick={() => void removeDevice(other.uuid)}
                    >
                      {t('inbox.alerts.device.remove')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
