import { ProjectUsersPage } from './ProjectUsersPage.tsx';

/** `<vigil-project-users project="…">`: the project users page on any page. */
export function ProjectUsersElement({ project }: { project?: string }) {
  return project ? <ProjectUsersPage uuid={project} /> : null;
}
