import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { $language } from '../../core/i18n/languages.ts';
import { telHref } from '../../core/inbox/tel.ts';
import { onTopic } from '../../core/live/topics.ts';
import { incidentCache, isMissing } from '../../core/resources/resources.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { SiteTime } from '../common/SiteTime.tsx';
import { retryLoad, useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import detailCss from './detail.css?inline';
import inboxCss from './inbox.css?inline';
import { DetailState } from './DetailState.tsx';
import { IncidentTimeline } from './IncidentTimeline.tsx';
import { IncidentWork } from './IncidentWork.tsx';
import { MediaImage } from './MediaImage.tsx';
import { SeverityPill } from './SeverityPill.tsx';

export interface IncidentDetailProps {
  uuid: string;
  heading: 'h1' | 'h2';
  /** The way back to the list (a link in the portal, a button in the element). */
  back: ReactNode;
  /** Called when the incident does not exist (for this user): the portal shows /404. */
  onMissing?: () => void;
  /** Move focus to the title once shown (opened in place, not by a page load). */
  focusTitle?: boolean;
}

/**
 * Every field of one incident, its images (fetched with the token), and the way on: its
 * system's live cameras, the control room's phone number, where it stands (open,
 * acknowledged by, handled by) with what a member can do about it, and its timeline.
 */
export function IncidentDetail({ uuid, heading: Heading, back, onMissing, focusTitle }: IncidentDetailProps) {
  useStyles(inboxCss, detailCss);
  const t = useT();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Sections sit one level below the title, whatever level the title has.
  const Section = Heading === 'h1' ? 'h2' : 'h3';
  // The cache has shown 'Unable to load incident.' for anything but a missing one; here the
  // re-thrown error decides between not-found and the inline retry.
  const entry = useResource(incidentCache, uuid, (e) => {
    if (isMissing(e)) onMissing?.();
  });
  const incident = entry?.data;
  const loaded = incident !== undefined;
  // The server translates incidents: a language switch loads this one again (the text in
  // the old language stays until the new one arrives).
  const language = useStore($language);
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    incidentCache.load(uuid, { force: true }).catch(() => {}); // a failure keeps the text shown
  }, [uuid, language]);

  // Handled, acknowledged or commented on while shown (here, by a colleague or the control
  // room): load it again, the state and timeline follow. Another tab's nudge names no incident.
  useEffect(
    () =>
      onTopic('incidents', ({ uuid: changed }) => {
        if (changed === undefined || changed === uuid) incidentCache.load(uuid, { force: true, renew: true }).catch(() => {}); // a failure keeps what is shown
      }),
    [uuid],
  );

  useEffect(() => {
    if (focusTitle && loaded) titleRef.current?.focus();
  }, [focusTitle, loaded]);

  let body: ReactNode;
  if (incident) {
    const count = incident.media.length;
    const { project, control_room: controlRoom } = incident;
    const handled = incident.handled_by !== null;
    body = (
      <article className="v-card vi-card" aria-labelledby={titleId} part="incident">
        <div className="vi-head">
          <div className="vi-head-facts">
            <SeverityPill
              severity={incident.severity}
              label={`${t('inbox.incident.severity')}: ${t(`inbox.severity.${incident.severity}`)}`}
            />
          </div>
          <Heading id={titleId} className="vi-head-title" ref={titleRef} tabIndex={-1}>
            {incident.title}
          </Heading>
        </div>
        <dl className="vi-facts">
          <dt>{t('inbox.incident.occurredAt')}</dt>
          <dd>
            <SiteTime at={incident.occurred_at} timeZone={incident.site?.timezone} date="full" viewer="beside" />
          </dd>
          {project && (
            <>
              <dt>{t('inbox.incident.project')}</dt>
              <dd>
                <Link to={pathTo('project', { uuid: project.uuid })}>{project.name}</Link>
              </dd>
            </>
          )}
          <dt>{t('inbox.incident.site')}</dt>
          <dd>
            {incident.site ? (
              <Link to={pathTo('site', { uuid: incident.site.uuid })}>{incident.site.name}</Link>
            ) : (
              t('inbox.incident.unknown')
            )}
          </dd>
          <dt>{t('inbox.incident.system')}</dt>
          <dd>
            {incident.system ? (
              <Link to={pathTo('system', { uuid: incident.system.uuid })}>{incident.system.name}</Link>
            ) : (
              t('inbox.incident.unknown')
            )}
          </dd>
        </dl>
        {(incident.system || controlRoom) && (
          <div className="vi-actions" part="actions">
            {incident.system && (
              <Link to={pathTo('system', { uuid: incident.system.uuid })} className="v-btn v-btn--primary vi-action" part="view-live">
                <span className="vi-live-dot" aria-hidden="true" />
                {t('inbox.incident.viewLive')}
                <span className="v-visually-hidden"> – {t('inbox.incident.viewLiveHint', { system: incident.system.name })}</span>
              </Link>
            )}
            {controlRoom && (
              <span className="vi-call">
                <a href={telHref(controlRoom.phone)} className="v-btn vi-action" part="call">
                  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                    <path
                      fill="currentColor"
                      d="M4.2 1.5 6 3.3c.4.4.4 1 0 1.4l-1 1a8.3 8.3 0 0 0 5.3 5.3l1-1c.4-.4 1-.4 1.4 0l1.8 1.8c.4.4.4 1 0 1.4l-1.2 1.2c-.6.6-1.5.8-2.3.5A12.4 12.4 0 0 1 1.1 5c-.3-.8-.1-1.7.5-2.3l1.2-1.2c.4-.4 1-.4 1.4 0Z"
                    />
                  </svg>
                  {/* The number is not broken across lines. */}
                  {t('inbox.incident.callControlRoom', { phone: controlRoom.phone.replace(/ /g, '\u00a0') })}
                </a>
                <span className="v-muted v-small">{t('inbox.incident.controlRoomName', { name: controlRoom.name })}</span>
              </span>
            )}
          </div>
        )}
        <IncidentWork incident={incident} />
        {handled ? (
          <section className="vi-section vi-outcome" aria-labelledby={`${titleId}-o`} part="outcome">
            {/* A member's finding is in the state line and the timeline: this is the report. */}
            <Section id={`${titleId}-o`}>{t(incident.outcome ? 'inbox.incident.description' : 'inbox.incident.outcome')}</Section>
            <p className="vi-prose">{incident.description || t('inbox.incident.noDescription')}</p>
          </section>
        ) : (
          <section className="vi-section" aria-labelledby={`${titleId}-d`}>
            <Section id={`${titleId}-d`}>{t('inbox.incident.openReport')}</Section>
            <p className="vi-prose">{incident.description || t('inbox.incident.noDescription')}</p>
          </section>
        )}
        {count > 0 && (
          <section className="vi-section" aria-labelledby={`${titleId}-m`}>
            <Section id={`${titleId}-m`}>{t('inbox.incident.media')}</Section>
            <ul className="vi-media">
              {incident.media.map((url, i) => (
                <li key={url}>
                  <MediaImage
                    url={url}
                    number={i + 1}
                    alt={t('inbox.incident.mediaAlt', { number: i + 1, count, title: incident.title })}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
        <IncidentTimeline incident={incident} heading={Section} />
      </article>
    );
  } else {
    body = (
      <DetailState
        error={entry?.error}
        loadingText={t('inbox.incident.loading')}
        missingText={t('inbox.incident.missing')}
        failedText={t('inbox.incident.failed')}
        onRetry={retryLoad(incidentCache, uuid)}
      />
    );
  }

  return (
    <div className="vi-detail">
      {back}
      {body}
    </div>
  );
}
