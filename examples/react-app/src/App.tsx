import type {} from 'vigil-portal/react';
import type { VigilEvent } from 'vigil-portal';
import { useState } from 'react';

const NORTHWIND = '10000000-0000-4000-8000-000000000001';

/**
 * Vigil elements in JSX: attributes are typed (a wrong `view` value does not compile) and
 * events are `on<event-name>` handlers with typed details (React 19 attaches them as
 * event listeners on custom elements).
 */
export function App() {
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((l) => [line, ...l].slice(0, 8));
  const onStarted = (e: VigilEvent<'vigil-evacuation-started'>) => note(`started: ${e.detail.scope} ${e.detail.uuid}`);
  const onAborted = (e: VigilEvent<'vigil-evacuation-aborted'>) => note(`aborted: ${e.detail.scope} ${e.detail.uuid}`);

  return (
    <div className="app">
      <header className="bar">
        <strong>Facility app</strong>
        <span className="bar-badge">
          Inbox <vigil-unread-badge />
        </span>
        <vigil-language-picker onvigil-language-changed={(e) => note(`language: ${e.detail.language}`)} />
      </header>
      <main className="grid">
        <section>
          <h2>Account</h2>
          <vigil-login onvigil-signed-in={(e) => note(`signed in: ${e.detail.name}`)} />
        </section>
        <section>
          <h2>Evacuation</h2>
          <vigil-evacuation project={NORTHWIND} onvigil-evacuation-started={onStarted} onvigil-evacuation-aborted={onAborted} />
        </section>
        <section className="wide">
          <h2>Incidents</h2>
          <vigil-inbox view="incidents" />
        </section>
        <section>
          <h2>Events</h2>
          <ol className="log" data-testid="log">
            {log.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </section>
      </main>
    </div>
  );
}
