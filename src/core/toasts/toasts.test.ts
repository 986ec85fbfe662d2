import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toastHosts, $toasts, dismissToast, hostToasts, showError, showSuccess, showToast } from './toasts.ts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('hides a toast after 5 seconds (docs/product.md#constants-and-limits)', () => {
    showError('core.errors.loadProject');
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps a sticky toast until it is dismissed', () => {
    const id = showToast({ type: 'alarm', key: 'core.errors.generic', sticky: true });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get().map((t) => t.id)).toEqual([id]);
    expect(showToast({ type: 'alarm', key: 'core.errors.generic', sticky: true })).toBe(id);
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  it('does not stack the same message; it restarts its timer', () => {
    showError('core.toastErrors.loadMedia');
    vi.advanceTimersByTime(4000);
    showError('core.toastErrors.loadMedia');
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps different messages and types apart, and dismisses on demand', () => {
    const a = showError('core.errors.loadProject');
    showSuccess('core.errors.loadProject');
    expect($toasts.get().map((t) => t.type)).toEqual(['error', 'success']);
    dismissToast(a);
    expect($toasts.get().map((t) => t.type)).toEqual(['success']);
  });

  it('hands the toasts to the open modal dialogs, the last opened first, each until it closes', () => {
    const first = { name: 'first' } as unknown as Element;
    const second = { name: 'second' } as unknown as Element;
    const releaseFirst = hostToasts(first);
    const releaseSecond = hostToasts(second);
    expect($toastHosts.get()).toEqual([first, second]);
    releaseFirst();
    expect($toastHosts.get()).toEqual([second]);
    releaseSecond();
    releaseSecond();
    expect($toastHosts.get()).toEqual([]);
  });

  it('keeps a base place (the phone tray) under the dialogs, even when it comes after them', () => {
    const dialog = { name: 'dialog' } as unknown as Element;
    const tray = { name: 'tray' } as unknown as Element;
    const releaseDialog = hostToasts(dialog);
    const releaseTray = hostToasts(tray, { base: true });
    expect($toastHosts.get().at(-1)).toBe(dialog);
    releaseDialog();
    expect($toastHosts.get()).toEqual([tray]);
    releaseTray();
    expect($toastHosts.get()).toEqual([]);
  });
});
