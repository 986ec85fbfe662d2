/**
 * The answers by name, for the client: `request('GET', path, Answers.project)` validates
 * the answer with the schema of that name in answers.ts. Names instead of the schemas so
 * that a page's first load carries neither valibot nor the schemas: the client loads them
 * (validate.ts) with the first request, while it waits for the network. Answers that only
 * lazy chunks ask for may be named by their string (`'publicHolidays'`) so that this list,
 * which the first load carries, does not grow.
 */
import type * as v from 'valibot';
import type * as Schemas from './answers.ts';

export type AnswerName = keyof typeof Schemas;
/** Answers named only by their string, by lazy chunks (the holidays' calls): not in this list. */
export type LazyAnswerName =
  | 'scheduleExceptions'
  | 'scheduleException'
  | 'exceptionsApplied'
  | 'publicHolidays'
  | 'activity'
  | 'pushKey'
  | 'pushDevice'
  | 'pushDevices'
  | 'invitation';
/** What the answer of that name is, once validated. */
export type AnswerOf<K extends AnswerName> = v.InferOutput<(typeof Schemas)[K]>;

export const login = 'login';
export const user = 'user';
export const publicUser = 'publicUser';
export const empty = 'empty';
export const projects = 'projects';
export const project = 'project';
export const site = 'site';
export const system = 'system';
export const incidents = 'incidents';
export const incident = 'incident';
export const notifications = 'notifications';
export const notification = 'notification';
export const evacuation = 'evacuation';
export const evacuations = 'evacuations';
export const projectUsers = 'projectUsers';
export const projectUser = 'projectUser';
export const pages = 'pages';
export const page = 'page';
export const demoLiveView = 'demoLiveView';
export const siteSchedules = 'siteSchedules';
export const messages = 'messages';
