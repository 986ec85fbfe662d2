/**
 * Whether something is worth drawing: its element intersects the viewport
 * (IntersectionObserver) and the tab is visible (visibilitychange). Calls `onChange`
 * with the combined answer whenever it changes; returns the function that stops watching.
 */
export function watchVisibility(target: Element, onChange: (visible: boolean) => void): () => void {
  const doc = target.ownerDocument;
  // Without IntersectionObserver, count the element as on screen.
  let onScreen = typeof IntersectionObserver === 'undefined';
  let last: boolean | null = null;
  const tabVisible = () => doc.visibilityState !== 'hidden';

  const report = () => {
    const visible = onScreen && tabVisible();
    if (visible !== last) {
      last = visible;
      onChange(visible);
    }
  };

  let observer: IntersectionObserver | null = null;
  if (!onScreen) {
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      onScreen = entry.isIntersecting;
      report();
    });
    observer.observe(target);
  }
  doc.addEventListener('visibilitychange', report);
  report();

  return () => {
    observer?.disconnect();
    doc.removeEventListener('visibilitychange', report);
  };
}
