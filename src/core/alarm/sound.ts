/**
 * The alarm's sound, made with the Web Audio API (no audio file: nothing for the CSP to
 * allow, nothing in the first load): six short beeps alternating 880 and 660 Hz, 1.5 s in
 * all. One AudioContext per page, made with the first sound. Browsers start one only on a
 * page that was used since it opened: where it stays suspended the alarm is silent.
 */

type AudioContextClass = new () => AudioContext;

let context: AudioContext | undefined;

const BEEPS = 6;
const STEP = 0.25;
const TONE = 0.2;
const VOLUME = 0.15;
/** How long a suspended context gets to start before the alarm gives up (resume() can wait for a click for ever). */
const RESUME_WAIT_MS = 300;

/** Plays the alarm once; false when this browser has no Web Audio or keeps the page muted. */
export async function playAlarm(): Promise<boolean> {
  const Ctor =
    (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state !== 'running') {
      await Promise.race([context.resume(), new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS))]);
    }
    if (context.state !== 'running') return false;
    const ctx = context;
    const gain = ctx.createGain();
    gain.gain.value = 0;
    gain.connect(ctx.destination);
    const tone = ctx.createOscillator();
    tone.type = 'square';
    tone.connect(gain);
    const start = ctx.currentTime + 0.02;
    for (let i = 0; i < BEEPS; i++) {
      const at = start + i * STEP;
      tone.frequency.setValueAtTime(i % 2 === 0 ? 880 : 660, at);
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.setValueAtTime(VOLUME, at + TONE - 0.02);
      gain.gain.linearRampToValueAtTime(0, at + TONE);
    }
    tone.onended = () => {
      tone.disconnect();
      gain.disconnect();
    };
    tone.start(start);
    tone.stop(start + BEEPS * STEP);
    return true;
  } catch {
    return false;
  }
}
