import './messages/bundled-sign-in.ts';
import type { ProjectUser } from '../../core/api/contract.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { $twoStepRequired, refusedEvacuation } from '../../core/users/two-step.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import css from './sign-in.css?inline';

/**
 * A member's sign-in: two-step on or off, a mark when the project's requirement would
 * refuse them an evacuation, and when they last signed in. Its own chunk, loaded with the
 * list: the page's first paint does not wait for it.
 */
export function SignInCell({ user, project }: { user: ProjectUser; project: string }) {
  useStyles(css);
  const t = useT();
  const required = useResource($twoStepRequired, project)?.data ?? false;
  return (
    <div className="vu-sign-in">
      {user.two_step !== undefined && (
        <span className={`vu-two-step vu-two-step--${user.two_step ? 'on' : 'off'}`}>
          {t(user.two_step ? 'users.signIn.twoStepOn' : 'users.signIn.twoStepOff')}
        </span>
      )}
      {refusedEvacuation(user, required) && <span className="vu-refused">{t('users.signIn.refused')}</span>}
      {user.last_sign_in_at !== undefined && (
        <span className="vu-last v-small v-muted">
          {user.last_sign_in_at ? t('users.signIn.last', { when: formatDateTime(user.last_sign_in_at) }) : t('users.signIn.never')}
        </span>
      )}
    </div>
  );
}
