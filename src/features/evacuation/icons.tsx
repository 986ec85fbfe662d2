/** The status icons (decorative: the status is always spelled out beside them). */
export function WarningIcon() {
  return (
    <svg className="evac-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5 1.5 21h21L12 2.5Z" fill="currentColor" />
      <path className="evac-icon-mark" d="M11 9h2v6h-2zM11 16.5h2v2h-2z" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg className="evac-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
