import type { ReactNode } from 'react';
import { Logo } from '../layout/Logo.tsx';

export interface AuthCardProps {
  title: string;
  intro?: string | undefined;
  /** h1 on a portal page; h2 when embedded in someone else's page. */
  level?: 1 | 2;
  children: ReactNode;
}

/** The centred card of the sign-in screens. */
export function AuthCard({ title, intro, level = 1, children }: AuthCardProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="auth-card v-card" part="card">
      <div className="auth-card-head">
        <Logo wordmark={false} />
        <Heading className="auth-title">{title}</Heading>
        {intro && <p className="v-muted">{intro}</p>}
      </div>
      {children}
    </section>
  );
}
