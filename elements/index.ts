/** Registers every Vigil element. Loading it twice (or with single-element entries) is harmless. */
export * from './vigil-toast-region.ts';
export * from './vigil-language-picker.ts';
export * from './vigil-unread-badge.ts';
