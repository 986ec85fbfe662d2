import './messages/bundled-security.ts';
import { useEffect, useId, useState } from 'react';
import { isApiError, request } from '../../core/api/client.ts';
import { projectSecurity } from '../../core/auth/mfa-answers.ts';
import { $twoStepRequired } from '../../core/users/two-step.ts';
import { useT } from '../common/useT.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; required: boolean };

/**
 * The project's security settings for its managers (loaded on demand below the members):
 * whether everyone who can start evacuations must use two-step sign-in. The server
 * refuses a start or abort by anyone without it while this is on.
 */
export function ProjectSecurity({ project }: { project: string }) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    request('GET', `/api/v2/projects/${encodeURIComponent(project)}/security`, projectSecurity).then(
      ({ data }) => live && setState({ status: 'ready', required: data.require_mfa_for_evacuate }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [project]);

  async function change(required: boolean) {
    if (saving) return;
    setSaving(true);
    setMessage(null);
    // The box shows the choice at once; a refusal puts it back.
    setState({ status: 'ready', required });
    try {
      const { data } = await request('PATCH', `/api/v2/projects/${encodeURIComponent(project)}/security`, projectSecurity, {
        body: { require_mfa_for_evacuate: required },
      });
      setState({ status: 'ready', required: data.require_mfa_for_evacuate });
      $twoStepRequired.set(project, data.require_mfa_for_evacuate); // the members' marks follow
      setMessage({ error: false, text: t(data.require_mfa_for_evacuate ? 'users.security.savedOn' : 'users.security.savedOff') });
    } catch (e) {
      setState({ status: 'ready', required: !required });
      setMessage({ error: true, text: isApiError(e) ? (e.errors[0]?.message ?? t('users.security.failed')) : t('users.security.failed') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="v-card vu-security" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="vu-form-title">
        {t('users.security.title')}
      </h2>
      {state.status === 'loading' ? (
        <p className="v-muted">{t('users.security.loading')}</p>
      ) : state.status === 'failed' ? (
        <p className="v-form-error">{t('users.security.loadFailed')}</p>
      ) : (
        <>
          <label className="vu-security-option">
            <input
              type="checkbox"
              checked={state.required}
              aria-describedby={`${id}-hint`}
              aria-busy={saving}
              onChange={(e) => void change(e.target.checked)}
            />
            <span>{t('users.security.requireMfa')}</span>
          </label>
          <p id={`${id}-hint`} className="v-small v-muted">
            {t('users.security.requireMfaHint')}
          </p>
        </>
      )}
      <p role="status" className={message?.error ? 'v-small v-form-error' : 'v-small'}>
        {message?.text ?? ''}
      </p>
    </section>
  );
}
