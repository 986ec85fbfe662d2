import { useStore } from '@nanostores/react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { $navigator, hrefFor, navigate } from '../../core/router/navigation.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An app path such as `pathTo('project', { uuid })`. */
  to: string;
}

/** An in-app link: a real <a href> (open in new tab works), routed in place inside the portal. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const nav = useStore($navigator);
  const href = hrefFor(to);
  function handle(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !nav) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to);
  }
  return <a {...rest} href={href} onClick={handle} />;
}
