import type { ReactNode } from 'react';

/** A form-level error, announced when it appears. */
export function FormAlert({ messages, children }: { messages: string[]; children?: ReactNode }) {
  if (!messages.length && !children) return null;
  return (
    <div className="v-form-error" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {children}
    </div>
  );
}
