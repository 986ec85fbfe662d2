import '../content/messages/bundled.ts';
import { useT } from '../common/useT.ts';

const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

/** The terms of use of the web portal (translated, in the pages catalogue: portal-only text). */
export function TermsText() {
  const t = useT();
  return (
    <div className="terms-text">
      {SECTIONS.map((s) => (
        <section key={s}>
          <h2>{t(`content.terms.${s}.title`)}</h2>
          <p>{t(`content.terms.${s}.body`)}</p>
        </section>
      ))}
    </div>
  );
}
