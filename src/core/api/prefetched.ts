/**
 * Answers a single-element script asked for before the element's code arrived
 * (elements/loader/boot.ts): the loader leaves a function on the page that hands one over
 * for the very request the client is about to send (a GET of the same URL with the same
 * token, once, while fresh) and nothing otherwise. The client asks it first; the rules live with
 * the loader, so that pages without one carry nothing but this question.
 */
/** The name of `(url, init) => Promise<Response> | undefined` in the page's shared registry (src/core/shared.ts). */
export const EARLY = 'api.early';

export type TakeEarly = (url: string, init: RequestInit) => Promise<Response> | undefined;

/**
 * The name of the session's state in the page's shared registry (src/core/session/session.ts
 * names it as a literal, which costs the base chunk no import): once its `started` is set,
 * the session has made (or is making) its own first calls, and a loader that runs later asks
 * for none of them early.
 */
export const SESSION_STATE = 'session.state';

/**
 * The name of the live channel's `Map<topic, when it was last told>` in the page's shared
 * registry (src/core/live/topics.ts): an early answer asked for before a change was told may
 * be from before it, and is not handed over.
 */
export const TOLD = 'live.topics.told';
