import './messages/bundled.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from '../common/useT.ts';

/** The loading view (docs/product.md#routes: a spinning icon); it fades in, so quick loads show nothing. */
export function LoadingView() {
  const t = useT();
  return (
    <div className="loading-view">
      <Spinner label={t('layout.loading')} />
    </div>
  );
}
