import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { pathTo } from '../../core/router/routes.ts';
import { $currentUser } from '../../core/session/session.ts';
import { Link } from '../common/Link.tsx';

// Loaded when the menu first opens: the portal's first load does not carry it.
const UserMenuExtras = preloadable(() => import('./UserMenuExtras.tsx').then((m) => ({ default: m.UserMenuExtras })));
import { useT } from '../common/useT.ts';
import { MENU_DIALOG_EVENT } from './menuDialog.ts';
import { useHeaderMenu } from './useHeaderMenu.ts';
import { preloadable } from '../common/preloadable.tsx';

const preloadExtras = () =>
  void UserMenuExtras.preload().catch(() => {
    // A failed load shows at the menu's opening, from the part's own render.
  });

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((p) => p[0]!.toUpperCase()).join('') || '?';
}

/**
 * The user menu (docs/product.md#routes): the signed-in user's name, opening a small panel with who is
 * signed in with "Sign out" (/logout) under it, the colour scheme (system, light, dark), the desktop alerts for new incidents and two-step sign-in. A disclosure: Escape or a click elsewhere closes it,
 * and so does going to another page (`closeKey`, which changes with the URL: not when
 * the page the URL names finishes loading).
 */
export function UserMenu({ closeKey }: { closeKey?: string | undefined }) {
  const t = useT();
  const user = useStore($currentUser);
  const { open, setOpen, wrapRef } = useHeaderMenu(closeKey);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so that a dialog one of them opened outlives the menu.
  const [extras, setExtras] = useState(false);
  if (open && !extras) setExtras(true);
  // A dialog opened from the menu closes it (MENU_DIALOG_EVENT, dispatched by the item).
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const close = () => setOpen(false);
    wrap.addEventListener(MENU_DIALOG_EVENT, close);
    return () => wrap.removeEventListener(MENU_DIALOG_EVENT, close);
  }, [wrapRef, setOpen, user]);

  if (!user) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div className="user-menu" ref={wrapRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="user-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        // The settings' code starts loading on the way to a click, so the panel mostly opens whole.
        onPointerEnter={preloadExtras}
        onFocus={preloadExtras}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="v-visually-hidden">{`${t('layout.user.menu')}: `}</span>
        <span className="user-name">{user.name}</span>
        <svg className="chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div id={panelId} className="ly-popover user-panel" hidden={!open}>
        <p className="user-who">
          <span className="v-small v-muted">{t('layout.user.signedInAs')}</span>
          <strong>{user.name}</strong>
          <span className="v-small v-muted user-email">{user.email}</span>
        </p>
        {/* Above the settings, which arrive after the panel opens and grow as they learn
            this device's alerts: nothing moves "Sign out" from under a pointer on its way. */}
        <Link className="ly-item user-sign-out" to={pathTo('logout')}>
          {t('layout.user.signOut')}
        </Link>
        {extras && <UserMenuExtras alerts={user.terms_accepted_web_portal} />}
      </div>
    </div>
  );
}
