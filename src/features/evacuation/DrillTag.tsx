import './messages/bundled-modes.ts';
import { useT } from '../common/useT.ts';

/** The "DRILL" label: its own colour (drill.css), never the alarm's red nor the calm green. */
export function DrillTag() {
  const t = useT();
  return (
    <span className="evac-drill-tag" part="drill">
      {t('evacuation.modes.drill')}
    </span>
  );
}
