import './messages/bundled.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ContentPageSummary } from '../../core/api/contract.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import moreMenuCss from './moreMenu.css?inline';
import { NavIcon } from './NavIcon.tsx';
import { useHeaderMenu } from './useHeaderMenu.ts';

export interface MoreMenuProps {
  /** The translated content pages (not empty). */
  pages: readonly ContentPageSummary[];
  /** The content page shown, if any. */
  current: string | undefined;
  /** Changes with the URL: the menu closes on going to another page. */
  closeKey: string | undefined;
}

/**
 * "More" in the navigation (docs/product.md#routes): a menu button listing every content
 * page (Contact, Service levels, …). The menu button pattern: Enter, Space or Down opens
 * it on the first page, Up on the last; Up/Down/Home/End move, Escape closes it back on
 * the button, Tab or a click elsewhere closes it. Loaded once the list is known (the
 * pill shows only then), so the portal's first load does not carry it.
 */
export function MoreMenu({ pages, current, closeKey }: MoreMenuProps) {
  useStyles(moreMenuCss);
  const t = useT();
  const { open, setOpen, wrapRef } = useHeaderMenu(closeKey);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open || focusAt === null) return;
    const list = items();
    list[(focusAt + list.length) % list.length]?.focus();
    setFocusAt(null);
  }, [open, focusAt]);

  function openAt(index: number) {
    setOpen(true);
    setFocusAt(index);
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : -1);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const list = items();
    const at = list.indexOf(event.target as HTMLAnchorElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (event.key in move) {
      event.preventDefault();
      setFocusAt(move[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="more" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="pill more-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // The section's marker, like the other pills: a content page is shown.
        data-current={current !== undefined || undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <NavIcon name="more" />
        <span className="pill-label">{t('layout.nav.more')}</span>
        <svg className="more-chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul
        id={menuId}
        ref={menuRef}
        className="ly-popover more-menu"
        role="menu"
        aria-label={t('layout.nav.more')}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {pages.map((page) => (
          <li key={page.uuid} role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className="ly-item more-item"
              to={pathTo('page', { uuid: page.uuid })}
              aria-current={page.uuid === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
