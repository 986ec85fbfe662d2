/**
 * Whether a project requires two-step sign-in of whoever starts or aborts an evacuation,
 * for the users page's marks (who would be refused), and who that would refuse: members
 * with 'evacuate' who have not turned two-step sign-in on. The server enforces the rule;
 * this only shows it.
 */
import { request } from '../api/client.ts';
import { EVACUATE } from '../api/constants.ts';
import type { ProjectUser } from '../api/contract.ts';
import { createResource } from '../resources/resource.ts';

/** By project uuid: whether evacuating needs two-step sign-in. `set` it after a change. */
export const $twoStepRequired = createResource<boolean>('project-two-step', async (project) => {
  // The schema (valibot) comes with the call, not with the users page.
  const { projectSecurity } = await import('../auth/mfa-answers.ts');
  const { data } = await request('GET', `/api/v2/projects/${encodeURIComponent(project)}/security`, projectSecurity);
  return data.require_mfa_for_evacuate;
});

/** Whether the server would refuse this member an evacuation (unknown two-step status: no). */
export const refusedEvacuation = (user: Pick<ProjectUser, 'permissions' | 'two_step'>, required: boolean): boolean =>
  required && user.permissions.includes(EVACUATE) && user.two_step === false;
