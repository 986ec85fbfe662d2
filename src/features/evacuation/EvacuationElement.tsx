import './messages/bundled.ts';
import { useT } from '../common/useT.ts';
import { LazyEvacuationControl } from './LazyEvacuationControl.tsx';

export interface EvacuationElementProps {
  project?: string;
  site?: string;
}

/** `<vigil-evacuation project|site>`: the control for the one target given. */
export function EvacuationElement({ project, site }: EvacuationElementProps) {
  const t = useT();
  if (project && site) {
    return (
      <p className="v-message" role="alert" part="message">
        {t('evacuation.element.bothGiven')}
      </p>
    );
  }
  return project ? <LazyEvacuationControl scope="project" uuid={project} /> : <LazyEvacuationControl scope="site" uuid={site!} />;
}
