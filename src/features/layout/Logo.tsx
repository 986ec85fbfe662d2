/** Vigil's mark (a shield with an eye) and word mark; decorative, the link around it is named. */
export function Logo({ wordmark = true }: { wordmark?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <path d="M16 2.5 4.5 6.8v8.4c0 7 4.9 12.6 11.5 14.3 6.6-1.7 11.5-7.3 11.5-14.3V6.8Z" fill="currentColor" />
        <path
          d="M8.6 16.2c1.9-3.1 4.4-4.7 7.4-4.7s5.5 1.6 7.4 4.7c-1.9 3.1-4.4 4.7-7.4 4.7s-5.5-1.6-7.4-4.7Z"
          className="logo-eye"
          fill="#fff"
        />
        <circle cx="16" cy="16.2" r="2.6" fill="currentColor" />
      </svg>
      {wordmark && <span className="logo-word">Vigil</span>}
    </span>
  );
}
