/**
 * What a start says (POST …/evacuation/start): a drill or a real evacuation, and an optional
 * short reason shown to everyone who sees the evacuation. No body at all is a real
 * evacuation without a reason, so clients that send none keep working.
 */
import { invalid } from '../http.ts';
import { text } from '../messages.ts';

export const EVACUATION_MODES = ['real', 'drill'] as const;
export const MESSAGE_MAX = 200;

export interface Start {
  mode: (typeof EVACUATION_MODES)[number];
  /** Trimmed; null when absent or blank. */
  message: string | null;
}

/** Reads a start's JSON body (`undefined` when empty): 422 for a mode other than real/drill or a message that is not text of at most 200 characters. */
export function readStart(body: unknown): Start {
  if (body === undefined || body === null) return { mode: 'real', message: null };
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('body', text('evacuation.body'));
  const { mode = 'real', message } = body as { mode?: unknown; message?: unknown };
  if (!EVACUATION_MODES.includes(mode as Start['mode'])) throw invalid('mode', text('evacuation.mode'));
  if (message !== undefined && message !== null && typeof message !== 'string') throw invalid('message', text('evacuation.message'));
  const trimmed = typeof message === 'string' ? message.trim() : '';
  if ([...trimmed].length > MESSAGE_MAX) throw invalid('message', text('evacuation.message'));
  return { mode: mode as Start['mode'], message: trimmed || null };
}
