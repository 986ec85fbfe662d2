import { useEffect, useState } from 'react';
import { loadMedia } from '../../core/media/media.ts';

/** How long a row must stay on screen before its picture is asked for (fast scrolling asks for none). */
const SETTLE_MS = 150;

/**
 * An incident row's picture: its first image, fetched with the token (never a token in a
 * URL) once the row has stayed on screen a moment, revoked when the row goes. Decorative
 * (the row's text says everything). An incident without images keeps the place empty (no
 * grey box in row after row); one whose image is coming or failed shows a neutral box.
 */
export function RowThumb({ url }: { url: string | undefined }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!url) return;
    const controller = new AbortController();
    let revoke: (() => void) | undefined;
    const timer = setTimeout(() => {
      // A failed picture stays the placeholder: the row is still complete, and a list of
      // rows must not raise a toast for each (the incident's page reports its images).
      loadMedia(url, controller.signal).then(
        (media) => {
          if (controller.signal.aborted) return media.revoke();
          revoke = () => media.revoke();
          setSrc(media.url);
        },
        () => undefined,
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      revoke?.();
    };
  }, [url]);
  if (!url) return <span className="vi-thumb vi-thumb--none" aria-hidden="true" part="thumbnail" />;
  return (
    <span className="vi-thumb" aria-hidden="true" part="thumbnail">
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" />
      ) : (
        <svg viewBox="0 0 24 24" width="24" height="24" className="vi-thumb-icon" focusable="false">
          <path
            fill="currentColor"
            d="M4 7h3l1.5-2h7L17 7h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Zm8 2.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 1.8a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 0 1 0-4.4Z"
          />
        </svg>
      )}
    </span>
  );
}
