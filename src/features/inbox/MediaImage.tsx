import { useEffect, useState } from 'react';
import { loadMediaOrToast } from '../../core/media/media.ts';
import { useT } from '../common/useT.ts';

export interface MediaImageProps {
  /** Media URL of the incident (fetched with the token, never put in an <img src> as is). */
  url: string;
  alt: string;
  number: number;
}

type State = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/**
 * One incident image, fetched with the bearer token into an object URL that is revoked
 * when the image goes away. A failure shows 'Unable to load media file.' (once on screen)
 * and a placeholder in place of the image.
 */
export function MediaImage({ url, alt, number }: MediaImageProps) {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let revoke: (() => void) | undefined;
    setState({ status: 'loading' });
    loadMediaOrToast(url, controller.signal).then(
      (media) => {
        if (controller.signal.aborted) {
          media.revoke();
          return;
        }
        revoke = () => media.revoke();
        setState({ status: 'ready', src: media.url });
      },
      // The loader re-throws after its toast (docs/product.md#errors); here is where it is handled.
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      revoke?.();
    };
  }, [url]);

  if (state.status === 'ready') {
    return (
      <figure className="vi-frame" part="media">
        <img src={state.src} alt={alt} />
      </figure>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="vi-frame vi-frame--failed" part="media">
        {t('inbox.incident.mediaFailed', { number })}
      </div>
    );
  }
  return (
    <div className="vi-frame" part="media" role="status">
      <div className="v-spinner" aria-hidden="true" />
      <span className="v-visually-hidden">{t('inbox.incident.mediaLoading', { number })}</span>
    </div>
  );
}
