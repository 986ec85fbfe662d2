import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $language } from '../../core/i18n/languages.ts';
import { browserTimeZone, describeDstChange, formatOffset, isTimeZone, nextDstChange, utcOffset } from '../../core/schedules/dst.ts';
import { capitalizeFirst } from '../../core/text/capitalize.ts';
import { timeZoneName, zoneGenericName, zoneOffset } from '../../core/i18n/names.ts';
import { useT } from '../common/useT.ts';

export interface TimeNoteProps {
  /** The IANA time zone the schedule is read in. */
  timezone: string;
}

/**
 * Honest about time: the zone the hours are in (with its offset now), the viewer's own
 * zone when it differs, and the next daylight-saving change of the site's zone.
 */
export function TimeNote({ timezone }: TimeNoteProps) {
  const t = useT();
  const language = useStore($language);
  const lines = useMemo(() => {
    if (!isTimeZone(timezone)) return [t('schedules.time.unknownZone', { zone: timezone })];
    const now = Date.now();
    const device = browserTimeZone();
    const zone = t('schedules.time.zone', {
      zone: zoneGenericName(timezone),
      offset: zoneOffset(timezone, new Date(now)) ?? formatOffset(utcOffset(timezone, now)),
    });
    return [
      device && device !== timezone ? `${zone} ${t('schedules.time.yourZone', { zone: timeZoneName(device) })}` : zone,
      describeDstChange(timezone, nextDstChange(timezone, now)),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- language: the zone names and date formats follow it
  }, [timezone, language, t]);
  return (
    <div className="sm-time v-small" part="time-note">
      {/* Each line a sentence: one that starts with a zone name ("heure d’Europe centrale ne change pas…") starts with a capital. */}
      {lines.map((line) => (
        <p key={line}>{capitalizeFirst(line, language)}</p>
      ))}
    </div>
  );
}
