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
  // Named after the current page, so several elements on one page have distinct navigations.
  const current = items[items.length - 1]?.label;
  const label = current && items.length > 1 ? `${t('projects.breadcrumb.label')}: ${current}` : t('projects.breadcrumb.label');
  return (
    <nav className="pj-crumbs" aria-label={label} part="breadcrumbs">
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
