import { describe, expect, it } from 'vitest';
import { notificationFor, readPushMessage, shownByOpenTab, targetUrl } from './message.ts';

const ORIGIN = 'https://portal.example';
const incident = {
  kind: 'incident',
  title: 'Door forced open',
  body: 'Critical · Antwerp',
  url: '/inbox/incident/abc',
  tag: 'vigil-incident-abc',
  severity: 'critical',
  incident: 'abc',
  action_token: 'tok',
  renotify: true,
  open: 4,
  labels: { open: 'Öffnen', acknowledge: 'Bestätigen' },
};

describe('a push message', () => {
  it('is read only when it has our shape', () => {
    expect(readPushMessage(incident)).toMatchObject({ kind: 'incident', title: 'Door forced open', open: 4 });
    expect(readPushMessage({ ...incident, kind: 'other' })).toBeUndefined();
    expect(readPushMessage({ ...incident, title: 42 })).toBeUndefined();
    expect(readPushMessage('text')).toBeUndefined();
    expect(readPushMessage({ ...incident, open: -1 })?.open).toBeUndefined();
  });

  it('becomes a notification with Open and Acknowledge in the user’s words, alerting again when critical', () => {
    const plan = notificationFor(readPushMessage(incident)!, ORIGIN);
    expect(plan.title).toBe('Door forced open');
    expect(plan.options).toMatchObject({
      tag: 'vigil-incident-abc',
      renotify: true,
      requireInteraction: true,
      data: { url: `${ORIGIN}/inbox/incident/abc`, incident: 'abc', token: 'tok' },
      actions: [
        { action: 'open', title: 'Öffnen' },
        { action: 'acknowledge', title: 'Bestätigen' },
      ],
    });
    const low = notificationFor(readPushMessage({ ...incident, severity: 'low', renotify: false })!, ORIGIN);
    expect(low.options.renotify).toBe(false);
    const evacuation = notificationFor(
      readPushMessage({ ...incident, kind: 'evacuation', incident: undefined, action_token: undefined })!,
      ORIGIN,
    );
    expect(evacuation.options.actions.map((a) => a.action)).toEqual(['open']);
  });

  it('leads a click only to the portal’s own origin', () => {
    expect(targetUrl({ url: '/site/1' }, ORIGIN)).toBe(`${ORIGIN}/site/1`);
    expect(targetUrl({ url: 'https://evil.example/phish' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetUrl({ url: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetUrl({ url: 'javascript:alert(1)' }, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('is not shown twice: a portal tab in front shows incidents itself, never evacuations', () => {
    const front = [{ focused: true, visibilityState: 'visible' }];
    const behind = [{ focused: false, visibilityState: 'hidden' }];
    const message = readPushMessage(incident)!;
    expect(shownByOpenTab(message, front)).toBe(true);
    expect(shownByOpenTab(message, behind)).toBe(false);
    expect(shownByOpenTab(message, [])).toBe(false);
    expect(shownByOpenTab({ ...message, kind: 'evacuation' }, front)).toBe(false);
  });
});
