import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';

export interface Crumb {
  label: string;
  /** App path; the last crumb (the current page) has none. */
  to?: string;
}

/** Where this page sits: Projects › project › site › system. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav className="pj-crumbs" aria-label={t('projects.breadcrumb.label')} part="breadcrumbs">
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
