import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/store.ts';
import { $toasts } from '../toasts/toasts.ts';
import { mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { loadMedia, loadMediaOrToast, mediaUuid } from './media.ts';

describe('media', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $toasts.set([]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => $currentUser.set(null));

  it('gives an object URL for an image, fetched with the token, revoked once', async () => {
    const m = mockFetch(() => new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })));
    const media = await loadMedia('/api/v2/media/abc');
    expect(m.calls[0]!.headers.get('Authorization')).toBe('Bearer t');
    expect(media.url).toBe('blob:x');
    media.revoke();
    media.revoke();
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1);
  });

  it('treats an answer that is not an image as a failed load, with the error toast, re-thrown', async () => {
    mockFetch(() => new Response('not json', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    await expect(loadMediaOrToast('/api/v2/media/abc')).rejects.toMatchObject({ kind: 'malformed' });
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.loadMedia']);
  });

  it('knows the media uuid is the last segment of its URL', () => {
    expect(mediaUuid('https://x.test/api/v2/media/123e4567?size=large')).toBe('123e4567');
  });
});
