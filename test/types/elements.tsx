// Type test (compiled by `npm run typecheck`): every element in React 19 JSX with the
// generated types. The @ts-expect-error lines must stay errors: if the types loosen (a
// wrong attribute value or an unknown attribute accepted), this file stops compiling.
import type {} from 'vigil-portal/react';
import type { VigilEvent } from 'vigil-portal';

const P = '10000000-0000-4000-8000-000000000001';

export function AllElements() {
  const onStarted = (e: VigilEvent<'vigil-evacuation-started'>) => e.detail.scope satisfies 'project' | 'site';
  return (
    <>
      <vigil-portal api-base="https://portal.example.com" base-path="/portal" />
      <vigil-login onvigil-signed-in={(e) => e.detail.name.toUpperCase()} />
      <vigil-projects />
      <vigil-project project={P} />
      <vigil-site site={P} />
      <vigil-system system={P} />
      <vigil-live-view system={P} />
      <vigil-demo-live-view demo={P} />
      <vigil-inbox view="incidents" />
      <vigil-inbox view="notifications" onvigil-notification-read={(e) => e.detail.unread.toFixed()} />
      <vigil-unread-badge />
      <vigil-evacuation project={P} onvigil-evacuation-started={onStarted} />
      <vigil-evacuation site={P} onvigil-evacuation-aborted={(e) => e.detail.uuid} />
      <vigil-schedule-matrix site={P} />
      <vigil-site-schedules project={P} />
      <vigil-project-users project={P} />
      <vigil-language-picker onvigil-language-changed={(e) => e.detail.language} />
      {/* @ts-expect-error: view takes only 'incidents' or 'notifications' */}
      <vigil-inbox view="everything" />
      {/* @ts-expect-error: attributes are strings */}
      <vigil-project project={42} />
      {/* @ts-expect-error: no such attribute */}
      <vigil-site site={P} sight="x" />
    </>
  );
}

export function elementMap(): void {
  const el = document.createElement('vigil-evacuation');
  el.project = P;
  document.addEventListener('vigil-evacuation-started', (e) => e.detail.uuid);
}
