import { nameContext } from '../../core/i18n/elision.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ProjectUser } from '../../core/api/contract.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import { $language } from '../../core/i18n/languages.ts';
import { $navigator, navigate } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { $currentUser } from '../../core/session/session.ts';
import { isSelf, selfChangeRisk } from '../../core/users/guard.ts';
import { DEFAULT_SORT, filterUsers, nextSort, sortUsers, type SortKey } from '../../core/users/list.ts';
import {
  $projectUsers,
  addProjectUser,
  isForbidden,
  loadProjectUsers,
  resendInvitation,
  updateProjectUser,
  type MutationResult,
} from '../../core/users/users.ts';
import { useElementScope } from '../common/element/context.ts';
import { useT } from '../common/useT.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { NoPermission } from './NoPermission.tsx';
import { UserForm, type UserFormValues } from './UserForm.tsx';
import { UsersTable } from './UsersTable.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The confirmation dialogs are their own chunk, fetched as soon as the list is on screen
// (so they are there by the time anyone clicks), not with the page.
const loadRemoveDialog = () => import('./RemoveUserDialog.tsx').then((m) => ({ default: m.RemoveUserDialog }));
const RemoveUserDialog = preloadable(loadRemoveDialog);
const loadCancelDialog = () => import('./CancelInvitationDialog.tsx').then((m) => ({ default: m.CancelInvitationDialog }));
const CancelInvitationDialog = preloadable(loadCancelDialog);
// Below the members, loaded on demand: whether evacuating needs two-step sign-in.
const ProjectSecurity = preloadable(() => import('./ProjectSecurity.tsx').then((m) => ({ default: m.ProjectSecurity })));
const SelfDemoteDialog = preloadable(() => import('./SelfDemoteDialog.tsx').then((m) => ({ default: m.SelfDemoteDialog })));

export interface UsersViewProps {
  /** The project, with the signed-in user's own permissions on it (what they may give). */
  project: { uuid: string; name: string; permissions?: readonly string[] };
}

/** The members of one project: search, sort, add, edit and remove (the user may manage them). */
export function UsersView({ project }: UsersViewProps) {
  const t = useT();
  const { host } = useElementScope();
  const uuid = project.uuid;
  const entry = useStore($projectUsers, { keys: [uuid] })[uuid];
  const currentEmail = useStore($currentUser)?.email;
  const language = useStore($language);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState(DEFAULT_SORT);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProjectUser | null>(null);
  const [cancelling, setCancelling] = useState<ProjectUser | null>(null);
  const [resending, setResending] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ uuid: string; text: string } | null>(null);
  const [demote, setDemote] = useState<{ answer: (yes: boolean) => void } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    void loadProjectUsers(uuid);
  }, [uuid]);
  useEffect(() => {
    void loadRemoveDialog();
    void loadCancelDialog();
  }, []);

  // Focus moves once the screen shows what it should land on (after forms and rows change).
  useEffect(() => {
    if (!focusNext.current) return;
    rootRef.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const users = entry?.data ?? [];
  if (!entry || (!entry.data && entry.status === 'loading')) return <Spinner label={t('users.loading')} />;
  if (isForbidden(entry)) return <NoPermission project={uuid} />;
  if (entry.status === 'missing') return <p className="v-message">{t('users.notFound')}</p>;
  if (!entry.data) {
    return (
      <div className="v-state" role="alert">
        <p>{t('users.list.loadError')}</p>
        <button type="button" className="v-btn" onClick={() => void loadProjectUsers(uuid)}>
          {t('users.list.retry')}
        </button>
      </div>
    );
  }

  const visible = sortUsers(filterUsers(users, query), order, language);
  const filtered = query.trim() !== '';

  /** After taking away your own access there is nothing left to do here. */
  function leave(kind: 'demoted' | 'removed') {
    if ($navigator.get()) navigate(kind === 'removed' ? pathTo('home') : pathTo('project', { uuid }), { replace: true });
  }

  function openAdd() {
    setEditing(null);
    setNotice(null);
    setAdding(true);
  }
  function closeAdd() {
    setAdding(false);
    focusNext.current = '.vu-add-button';
  }
  function openEdit(user: ProjectUser) {
    setAdding(false);
    setNotice(null);
    setEditing(user.uuid);
  }
  function closeEdit(user: ProjectUser) {
    setEditing(null);
    focusNext.current = `[data-edit-for="${user.uuid}"]`;
  }
  function askRemove(user: ProjectUser) {
    if (selfChangeRisk(users, currentEmail, user, 'remove') === 'lastManager') {
      setNotice({ uuid: user.uuid, text: t('users.self.lastManagerRemove') });
      return;
    }
    // Removing someone takes away all their permissions: only those the manager holds too
    // (the server refuses the rest).
    const mine = project.permissions;
    if (mine && user.permissions.some((p) => !mine.includes(p))) {
      setNotice({ uuid: user.uuid, text: t('users.remove.notHeld', { name: user.name }) });
      return;
    }
    setNotice(null);
    setRemoving(user);
  }

  async function resend(user: ProjectUser) {
    setNotice(null);
    setResending(user.uuid);
    const result = await resendInvitation(uuid, user.uuid, { target: host });
    setResending(null);
    const explained = result.ok ? null : (result.formError ?? Object.values(result.fieldErrors)[0]);
    if (explained) setNotice({ uuid: user.uuid, text: 'key' in explained ? tKey(explained.key) : explained.text });
  }

  function cancelled() {
    setCancelling(null);
    focusNext.current = '.vu-search-input, .vu-add-button';
  }

  async function submitEdit(user: ProjectUser, values: UserFormValues): Promise<MutationResult<ProjectUser> | null> {
    const risk = selfChangeRisk(users, currentEmail, user, values.permissions);
    if (risk === 'lastManager') return { ok: false, fieldErrors: { permissions: { key: 'users.validation.lastManager' } } };
    if (risk === 'losesAccess' && !(await new Promise<boolean>((answer) => setDemote({ answer })))) return null;
    const result = await updateProjectUser(uuid, user.uuid, { name: values.name, permissions: values.permissions }, { target: host });
    if (result.ok && risk === 'losesAccess') leave('demoted');
    return result;
  }

  function answerDemote(yes: boolean) {
    demote?.answer(yes);
    setDemote(null);
  }

  function removed(user: ProjectUser) {
    setRemoving(null);
    if (editing === user.uuid) setEditing(null);
    focusNext.current = '.vu-search-input, .vu-add-button';
    if (isSelf(user, currentEmail)) leave('removed');
  }

  return (
    <div ref={rootRef} className="vu-view v-stack">
      <div className="vu-toolbar">
        <div className="vu-search">
          <label className="v-label" htmlFor={searchId}>
            {t('users.search.label')}
          </label>
          <input
            id={searchId}
            className="v-input vu-search-input"
            type="search"
            placeholder={t('users.search.placeholder')}
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {/* Hidden while the add form is open: its own buttons add or cancel. */}
        {!adding && (
          <button type="button" className="v-btn v-btn--primary vu-add-button" onClick={openAdd}>
            {t('users.form.open')}
          </button>
        )}
      </div>

      {adding && (
        <section className="v-card vu-panel">
          <UserForm
            mode="add"
            grantable={project.permissions}
            onSubmit={(values) => addProjectUser(uuid, values, { target: host })}
            onCancel={closeAdd}
            onDone={closeAdd}
          />
        </section>
      )}

      <p className="v-small v-muted vu-count" role="status">
        {filtered
          ? t('users.list.matches', { count: visible.length, total: users.length })
          : t('users.list.count', { count: users.length })}
      </p>

      {users.length === 0 ? (
        <p className="v-state vu-empty">{t('users.list.empty')}</p>
      ) : visible.length === 0 ? (
        <p className="v-state vu-empty">{t('users.list.noMatches', { query: query.trim() })}</p>
      ) : (
        <UsersTable
          caption={t('users.list.caption', { project: project.name, ...nameContext(project.name) })}
          users={visible}
          currentEmail={currentEmail}
          project={uuid}
          order={order}
          onSort={(column: SortKey) => setOrder((o) => nextSort(o, column))}
          editing={editing}
          notice={notice}
          onEdit={openEdit}
          onRemove={askRemove}
          onResend={(user) => void resend(user)}
          onCancelInvitation={(user) => {
            setNotice(null);
            setCancelling(user);
          }}
          resending={resending}
          renderEditor={(user) => (
            <UserForm
              key={user.uuid}
              mode="edit"
              user={user}
              grantable={project.permissions}
              isSelf={isSelf(user, currentEmail)}
              lastManager={selfChangeRisk(users, currentEmail, user, []) === 'lastManager'}
              onSubmit={(values) => submitEdit(user, values)}
              onCancel={() => closeEdit(user)}
              onDone={() => closeEdit(user)}
            />
          )}
        />
      )}

      <ProjectSecurity project={uuid} />

      <SelfDemoteDialog open={demote !== null} onAnswer={answerDemote} />
      {removing && (
        <RemoveUserDialog
          project={uuid}
          user={removing}
          isSelf={isSelf(removing, currentEmail)}
          target={host}
          onCancel={() => setRemoving(null)}
          onRemoved={removed}
        />
      )}
      {cancelling && (
        <CancelInvitationDialog
          project={uuid}
          user={cancelling}
          target={host}
          onCancel={() => setCancelling(null)}
          onCancelled={cancelled}
        />
      )}
    </div>
  );
}
