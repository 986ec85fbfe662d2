// Types for scripts/chromium.mjs (imported from TypeScript by playwright.config.ts and tests).
export declare const CHROMIUM_CANDIDATES: readonly string[];
export declare const CHROMIUM_ARGS: readonly string[];
export interface FindChromiumOptions {
  env?: Record<string, string | undefined>;
  candidates?: readonly string[];
}
export declare function findChromium(options?: FindChromiumOptions): string | undefined;
export declare function requireChromium(options?: FindChromiumOptions): string;
export declare function chromiumMissingMessage(env?: Record<string, string | undefined>): string;
export declare const HEADLESS_SHELL_CANDIDATES: readonly string[];
export interface FindTestChromiumOptions extends FindChromiumOptions {
  shells?: readonly string[];
}
export declare function findTestChromium(options?: FindTestChromiumOptions): string | undefined;
export declare function requireTestChromium(options?: FindTestChromiumOptions): string;
