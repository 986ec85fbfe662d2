/**
 * This tab's id among the open tabs of the browser: made once per page, shared by every
 * bundle of the suite on it (through `shared`), so messages a tab sends itself are known.
 */
import { shared } from '../shared.ts';

export const tabId: string = shared('browser.tabId', () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
