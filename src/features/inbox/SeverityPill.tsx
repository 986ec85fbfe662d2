import type { Severity } from '../../core/api/contract.ts';
import { useT } from '../common/useT.ts';

export interface SeverityPillProps {
  severity: Severity;
  /** Accessible text when the pill alone would be unclear (e.g. "Severity: High"). */
  label?: string;
}

/** The severity of an incident, coloured by level (text and colour, never colour alone). */
export function SeverityPill({ severity, label }: SeverityPillProps) {
  const t = useT();
  const text = t(`inbox.severity.${severity}`);
  return (
    <span className={`vi-sev vi-sev--${severity}`} part={`severity severity-${severity}`}>
      {label ? (
        <>
          <span aria-hidden="true">{text}</span>
          <span className="v-visually-hidden">{label}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}
