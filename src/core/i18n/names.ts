/**
 * Human words for the IANA time zones the API sends, in the applied language. Screens
 * never show the raw code when a name is known; an unknown zone is shown as sent. The
 * names of permissions and system types are in codes.ts (only some pages show them).
 */
import { t } from './i18n.ts';
import { $language } from './languages.ts';

// Formatters are costly to create and a select names every zone: one per language, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function zonePart(timeZone: string, style: 'longGeneric' | 'shortOffset', at: Date): string | null {
  const id = `${$language.get()} ${timeZone} ${style}`;
  let format = formatters.get(id);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat($language.get(), { timeZone, timeZoneName: style });
    } catch {
      format = null; // not a zone this runtime knows
    }
    formatters.set(id, format);
  }
  return format?.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? null;
}

/** "GMT+1" / "GMT" → "UTC+1" / "UTC" (the offset at `at`). */
export function zoneOffset(timeZone: string, at: Date = new Date()): string | null {
  const offset = zonePart(timeZone, 'shortOffset', at);
  if (offset === null) return null;
  const utc = offset.replace(/^(?:GMT|UTC)/, 'UTC');
  return /^UTC(?:[+\-−]0(?::00)?)?$/.test(utc) ? 'UTC' : utc;
}

/**
 * A time zone in the applied language with its offset at `at`: "Central European Time
 * (UTC+1)", "Mitteleuropäische Zeit (UTC+1)". Where the runtime has no generic name it
 * uses the zone's city ("Brussels"), never the IANA id; an unknown zone is returned as sent.
 */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  const offset = zoneOffset(timeZone, at);
  if (offset === null) return timeZone;
  const name = zoneGenericName(timeZone, at);
  if (name === offset) return name;
  return t('core.time.zoneWithOffset', { zone: name, offset });
}

/**
 * The zone's localized name alone ("Central European Time"), its city where the runtime
 * has none ("UTC" for UTC); an unknown zone as sent.
 */
export function zoneGenericName(timeZone: string, at: Date = new Date()): string {
  if (zoneOffset(timeZone, at) === null) return timeZone;
  const generic = zonePart(timeZone, 'longGeneric', at);
  return !generic || /^(?:GMT|UTC)(?:$|[+\-−])/.test(generic) ? cityOf(timeZone) : generic;
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires". */
function cityOf(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** Zones with their names, sorted by name in the applied language (for a select). */
export function timeZoneOptions(zones: readonly string[], at: Date = new Date()): { value: string; label: string }[] {
  const collator = new Intl.Collator($language.get());
  const options = zones.map((value) => ({ value, label: timeZoneName(value, at), city: cityOf(value) }));
  // Many zones share a generic name: the city tells them apart.
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o.label, (counts.get(o.label) ?? 0) + 1);
  return options
    .map((o) => ({
      value: o.value,
      label: (counts.get(o.label) ?? 0) > 1 && !o.label.includes(o.city) ? `${o.label} – ${o.city}` : o.label,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
