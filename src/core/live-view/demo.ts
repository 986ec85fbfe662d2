/**
 * The public demo live view (GET /api/public/v1/demo-live-views/{uuid}): no sign-in.
 * Answers are cached by uuid like the other resources.
 */
import * as Answers from '../api/answer-names.ts';
import type { DemoLiveView } from '../api/contract.ts';
import { request } from '../api/client.ts';
import { createCache } from '../resources/cache.ts';

export const demoLiveViewCache = createCache<DemoLiveView>('demoLiveView', (uuid) =>
  request('GET', `/api/public/v1/demo-live-views/${encodeURIComponent(uuid)}`, Answers.demoLiveView, { anonymous: true }).then(
    (r) => r.data,
  ),
);
