import type { ActivityEntry } from '../../core/api/contract.ts';
import {
  exceptionValue,
  formatDay,
  modeOf,
  permissionDifference,
  scheduleDifference,
  switchedTo,
  zoneChange,
  type ExceptionValue,
} from '../../core/activity/describe.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { permissionName } from '../../core/i18n/codes.ts';
import { timeZoneName } from '../../core/i18n/names.ts';
import { useT } from '../common/useT.ts';

type T = ReturnType<typeof useT>;
type Headline = keyof (typeof import('./messages/en.json'))['types'];

/** The headline's key of a type the portal words itself; null for others (the server's summary shows). */
function headline(entry: ActivityEntry): Headline | null {
  const drill = modeOf(entry.after) === 'drill';
  // Evacuations by their action (an 'evacuation.…' string would read as a message key).
  const [category, action] = entry.type.split('.');
  if (category === 'evacuation' && action === 'started') return drill ? 'drillStarted' : 'evacuationStarted';
  if (category === 'evacuation' && action === 'ended') return drill ? 'drillEnded' : 'evacuationEnded';
  switch (entry.type) {
    case 'schedule.changed':
      return 'scheduleChanged';
    case 'schedule.exception_added':
      return 'exceptionAdded';
    case 'schedule.exception_changed':
      return 'exceptionChanged';
    case 'schedule.exception_removed':
      return 'exceptionRemoved';
    case 'user.added':
      return 'userAdded';
    case 'user.invited':
      return 'userInvited';
    case 'user.invitation_resent':
      return 'userInvitationResent';
    case 'user.invitation_cancelled':
      return 'userInvitationCancelled';
    case 'user.permissions_changed':
      return 'userPermissionsChanged';
    case 'user.renamed':
      return 'userRenamed';
    case 'user.removed':
      return 'userRemoved';
    case 'project.two_step_required':
      return switchedTo(entry.after) ? 'twoStepOn' : 'twoStepOff';
    case 'export.evacuations':
      return 'exportEvacuations';
    case 'export.activity':
      return 'exportActivity';
    case 'incident.acknowledged':
      return 'incidentAcknowledged';
    case 'incident.commented':
      return 'incidentCommented';
    case 'incident.handled':
      return 'incidentHandled';
    default:
      return null;
  }
}

function describeException(t: T, e: ExceptionValue): string {
  const from = formatDay(e.from);
  const to = formatDay(e.to);
  const days = e.from === e.to ? from : t('activity.diff.days', { from, to });
  const secured =
    e.secured === 'all'
      ? t('activity.diff.all')
      : e.secured === 'none'
        ? t('activity.diff.none')
        : t('activity.diff.hours', { hours: e.secured.map((i) => `${i.from}–${i.to}`).join(', ') });
  return `${e.yearly ? t('activity.diff.yearly', { days }) : days}: ${secured}`;
}

function Chips({ label, permissions, kind }: { label: string; permissions: string[]; kind: 'added' | 'removed' }) {
  if (!permissions.length) return null;
  return (
    <p className={`act-change act-change--${kind}`}>
      <span className="act-label">{label}</span>{' '}
      <span className="act-chips">
        {permissions.map((p) => (
          <span key={p} className={`act-chip act-chip--${kind}`}>
            {permissionName(p)}
          </span>
        ))}
      </span>
    </p>
  );
}

/** What changed, in words: hours per day, permissions given and taken, an exception before and after. */
function Details({ entry }: { entry: ActivityEntry }) {
  const t = useT();
  if (entry.type === 'schedule.changed') {
    const diff = scheduleDifference(entry);
    const zone = zoneChange(entry);
    if (!diff) return null;
    return (
      <ul className="act-changes">
        {diff.added.map((d) => (
          <li key={`a${d.day}`} className="act-change act-change--added">
            <span aria-hidden="true">+ </span>
            {t('activity.diff.added', { hours: d.text })}
          </li>
        ))}
        {diff.removed.map((d) => (
          <li key={`r${d.day}`} className="act-change act-change--removed">
            <span aria-hidden="true">− </span>
            {t('activity.diff.removed', { hours: d.text })}
          </li>
        ))}
        {zone && <li className="act-change">{t('activity.diff.zone', { from: timeZoneName(zone.from), to: timeZoneName(zone.to) })}</li>}
        {!diff.added.length && !diff.removed.length && !zone && <li className="act-change">{t('activity.diff.noHours')}</li>}
      </ul>
    );
  }
  if (entry.type.startsWith('schedule.exception_')) {
    const before = exceptionValue(entry.before);
    const after = exceptionValue(entry.after);
    const site = (after ?? before)?.site;
    return (
      <div className="act-changes">
        {site && <p className="act-change">{t('activity.diff.site', { name: site.name })}</p>}
        {before && after ? (
          <>
            <p className="act-change act-change--removed">{t('activity.diff.before', { what: describeException(t, before) })}</p>
            <p className="act-change act-change--added">{t('activity.diff.after', { what: describeException(t, after) })}</p>
          </>
        ) : (
          (after ?? before) && <p className="act-change">{describeException(t, (after ?? before)!)}</p>
        )}
      </div>
    );
  }
  if (entry.type === 'user.renamed') {
    const name = (v: unknown) => (v && typeof v === 'object' ? String((v as { name?: unknown }).name ?? '') : '');
    return <p className="act-change">{t('activity.diff.renamed', { from: name(entry.before), to: name(entry.after) })}</p>;
  }
  if (entry.type.startsWith('user.')) {
    const diff = permissionDifference(entry);
    if (!diff) return null;
    return (
      <div className="act-changes">
        <Chips label={t('activity.diff.given')} permissions={diff.added} kind="added" />
        <Chips label={t('activity.diff.taken')} permissions={diff.removed} kind="removed" />
      </div>
    );
  }
  if (entry.type.startsWith('export.')) {
    const rows = entry.after && typeof entry.after === 'object' ? (entry.after as { rows?: unknown }).rows : undefined;
    return typeof rows === 'number' ? <p className="act-change">{t('activity.diff.rows', { count: rows })}</p> : null;
  }
  return null;
}

/** One entry: when, what (in the portal's words), who, and what changed. */
export function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const t = useT();
  const key = headline(entry);
  return (
    <li className={`act-row act-row--${entry.type.split('.')[0]}${modeOf(entry.after) === 'drill' ? ' act-row--drill' : ''}`} part="entry">
      <p className="act-when">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
      <div className="act-what">
        <p className="act-headline">
          <strong>{key ? t(`activity.types.${key}`, { target: entry.target.name }) : entry.summary}</strong>{' '}
          <span className="act-by">{entry.actor ? t('activity.by', { name: entry.actor.name }) : t('activity.bySystem')}</span>
        </p>
        <Details entry={entry} />
      </div>
    </li>
  );
}
