import './messages/bundled.ts';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { login } from '../../core/session/session.ts';
import { emit } from '../../core/events.ts';
import { useElementScope } from '../common/element/context.ts';
import { useT } from '../common/useT.ts';

/**
 * The compact sign-in state an embedded element shows when it needs a session and the
 * page has none. Signing in here signs in every element of the page.
 */
export function CompactSignIn() {
  const t = useT();
  const { host } = useElementScope();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const user = await login(email.trim(), password);
      emit(host, 'vigil-signed-in', { username: user.username, name: user.name });
    } catch (e) {
      setError(isApiError(e) ? (e.errors[0]?.message ?? t('core.errors.generic')) : t('core.errors.generic'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="v-card v-stack" onSubmit={submit} part="sign-in" aria-label={t('auth.compact.title')}>
      <p className="v-muted">{t('core.common.signInRequired')}</p>
      {error && (
        <p className="v-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="v-row" style={{ alignItems: 'flex-end' }}>
        <label className="v-field" style={{ flex: '1 1 12rem' }}>
          <span className="v-label">{t('auth.fields.email')}</span>
          <input className="v-input" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="v-field" style={{ flex: '1 1 10rem' }}>
          <span className="v-label">{t('auth.fields.password')}</span>
          <input className="v-input" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button className="v-btn v-btn--primary" type="submit" disabled={pending} aria-busy={pending}>
          {t('core.common.signIn')}
        </button>
      </div>
    </form>
  );
}
