import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ContentPageSummary } from '../../core/api/contract.ts';
import { controlRooms } from '../../core/projects/control-rooms.ts';
import { $projects, projectList } from '../../core/projects/projects.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import helpMenuCss from './helpMenu.css?inline';
import { NavIcon } from './NavIcon.tsx';
import { useHeaderMenu } from './useHeaderMenu.ts';

export interface HelpMenuProps {
  /** The translated content pages (not empty). */
  pages: readonly ContentPageSummary[];
  /** The content page shown, if any. */
  current: string | undefined;
  /** Changes with the URL: the menu closes on going to another page. */
  closeKey: string | undefined;
  /** The terms of use are shown (the menu's last item: what was accepted, and when). */
  onTerms?: boolean;
}

/**
 * "Help" in the navigation (docs/product.md#routes): a menu button with what people look
 * for — a call to each control room that watches their projects (its number on a `tel:`
 * link, the projects named), then every content page (Contact & support, Service levels,
 * …), and last the terms of use (the page says when they were accepted). The menu button pattern: Enter, Space or Down opens it on the first item, Up on the
 * last; Up/Down/Home/End move, Escape closes it back on the button, Tab or a click
 * elsewhere closes it. Loaded once the pages are known (the pill shows only then), so the
 * portal's first load does not carry it; the rooms come from the projects list (loaded
 * quietly if no page asked for it yet: the menu is an extra, not worth a toast).
 */
export function HelpMenu({ pages, current, closeKey, onTerms = false }: HelpMenuProps) {
  useStyles(helpMenuCss);
  const t = useT();
  const rooms = controlRooms(useStore($projects).list?.data);
  useEffect(() => {
    projectList.load('list', { quiet: true }).catch(() => undefined);
  }, []);
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
    <div className="help" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="pill help-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // The section's marker, like the other pills: a content page is shown.
        data-current={current !== undefined || undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <NavIcon name="help" />
        <span className="pill-label">{t('layout.nav.help')}</span>
        <svg className="help-chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul
        id={menuId}
        ref={menuRef}
        className="ly-popover help-menu"
        role="menu"
        aria-label={t('layout.nav.help')}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {rooms.map((room) => (
          <li key={room.href + room.name} role="none">
            <a role="menuitem" tabIndex={-1} className="ly-item help-item help-call" href={room.href} onClick={() => setOpen(false)}>
              <PhoneIcon />
              <span className="help-call-text">
                <span>{t('layout.nav.call', { name: room.name })}</span>
                <span className="v-small v-muted">
                  {t('layout.nav.callDetail', { phone: room.phone, projects: room.projects.join(', ') })}
                </span>
              </span>
            </a>
          </li>
        ))}
        {rooms.length > 0 && <li role="separator" className="help-separator" />}
        {pages.map((page) => (
          <li key={page.uuid} role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className="ly-item help-item"
              to={pathTo('page', { uuid: page.uuid })}
              aria-current={page.uuid === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {page.title}
            </Link>
          </li>
        ))}
        <li role="separator" className="help-separator" />
        <li role="none">
          <Link
            role="menuitem"
            tabIndex={-1}
            className="ly-item help-item"
            to={pathTo('terms')}
            aria-current={onTerms ? 'page' : undefined}
            onClick={() => setOpen(false)}
          >
            {t('layout.nav.terms')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg className="help-call-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6.6 2.8 4.4 3.4c-.9.3-1.5 1.2-1.3 2.2 1.1 5.4 5.3 9.6 10.7 10.7 1 .2 1.9-.4 2.2-1.3l.6-2.2-3.3-1.6-1.6 1.6c-1.9-.9-3.4-2.4-4.3-4.3l1.6-1.6Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}
