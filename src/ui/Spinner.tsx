export interface SpinnerProps {
  label: string;
}

/** The loading view: a spinning icon with an accessible label. */
export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="v-state" role="status" aria-live="polite">
      <div className="v-spinner" aria-hidden="true" />
      <span className="v-visually-hidden">{label}</span>
    </div>
  );
}
