import type { Page } from '@playwright/test';

/**
 * Places a witness among the page's own live-topic listeners (the suite's page-wide
 * registry, once the channel's code has made it); the returned function waits until the
 * channel has told of `topic`.
 */
export async function witnessTopic(page: Page, topic: string): Promise<() => Promise<void>> {
  await page.waitForFunction((name) => {
    const registry = (window as unknown as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('vigil.shared.v1')];
    const topics = registry?.get('live.topics') as Map<string, Set<() => void>> | undefined;
    if (!topics) return false;
    if (!topics.has(name)) topics.set(name, new Set());
    topics.get(name)!.add(() => ((window as unknown as Record<string, boolean>)[`__told_${name}`] = true));
    return true;
  }, topic);
  return async () => {
    await page.waitForFunction((name) => (window as unknown as Record<string, boolean>)[`__told_${name}`] === true, topic);
  };
}
