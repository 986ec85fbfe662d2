import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from './useT.ts';

/** The spinner a part shows while its code or data loads ("Loading…" unless told otherwise). */
export function Loading({ label }: { label?: string }) {
  const t = useT();
  return <Spinner label={label ?? t('core.common.loading')} />;
}
