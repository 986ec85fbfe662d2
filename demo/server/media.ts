/**
 * Camera frames: real JPEGs (jpeg-js) of a simple scene — sky and buildings lit by the
 * site's local time of day, a vehicle driving by, the camera name and an HH:MM:SS clock —
 * different every second. A camera's frame is encoded once per second however many
 * viewers ask; incident media are still frames. A frame costs about 15 ms of the server's
 * CPU, 13 ms of it jpeg-js building its encoder's tables again (it has no encoder to
 * reuse): 20 cameras on screen at 1 fps take about a third of a core.
 */
import { createHash } from 'node:crypto';
import jpeg from 'jpeg-js';
import { drawText, textWidth, type Rgb } from './font.ts';

export const FRAME_WIDTH = 480;
export const FRAME_HEIGHT = 270;
const HORIZON = 170;
const QUALITY = 70;
const MAX_STILLS = 256;

type Scene = { seed: Uint8Array; name: string; timezone: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function clock(timezone: string, at: Date): { hms: string; hour: number; date: string } {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    hms: `${parts.hour}:${parts.minute}:${parts.second}`,
    hour: Number(parts.hour),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

function fillRect(data: Uint8Array, x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1): void {
  const x1 = Math.min(FRAME_WIDTH, x0 + w);
  const y1 = Math.min(FRAME_HEIGHT, y0 + h);
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < x1; x++) {
      const o = (y * FRAME_WIDTH + x) * 4;
      data[o] = mix(data[o]!, color[0], alpha);
      data[o + 1] = mix(data[o + 1]!, color[1], alpha);
      data[o + 2] = mix(data[o + 2]!, color[2], alpha);
    }
  }
}

/** The still part of a camera's scene at a given local hour: sky, ground, buildings. */
function background(seed: Uint8Array, hour: number): Uint8Array {
  const data = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT * 4);
  // Daylight: 0 at night, 1 at noon.
  const day = Math.max(0, Math.min(1, 1 - Math.abs(hour + 0.5 - 13) / 7));
  const tint = (seed[0]! % 40) - 20;
  const top: Rgb = [mix(8, 60 + tint, day), mix(12, 120, day), mix(40, 200 - tint, day)];
  const low: Rgb = [mix(30, 180, day), mix(30, 200 + tint / 2, day), mix(60, 230, day)];
  for (let y = 0; y < FRAME_HEIGHT; y++) {
    const t = y / HORIZON;
    const ground = y >= HORIZON;
    const g = (y - HORIZON) / (FRAME_HEIGHT - HORIZON);
    const r = ground ? mix(mix(20, 90, day), mix(10, 60, day), g) : mix(top[0], low[0], t);
    const gr = ground ? mix(mix(22, 92, day), mix(12, 62, day), g) : mix(top[1], low[1], t);
    const b = ground ? mix(mix(26, 96, day), mix(14, 66, day), g) : mix(top[2], low[2], t);
    for (let x = 0; x < FRAME_WIDTH; x++) {
      const o = (y * FRAME_WIDTH + x) * 4;
      data[o] = r;
      data[o + 1] = gr;
      data[o + 2] = b;
      data[o + 3] = 255;
    }
  }
  // Buildings along the horizon, windows lit at night.
  let x = -(seed[1]! % 30);
  let i = 2;
  while (x < FRAME_WIDTH) {
    const w = 40 + (seed[i % seed.length]! % 70);
    const h = 30 + (seed[(i + 1) % seed.length]! % 90);
    const shade = 30 + (seed[(i + 2) % seed.length]! % 40);
    fillRect(data, x, HORIZON - h, w - 6, h, [mix(shade, shade + 60, day), mix(shade, shade + 55, day), mix(shade + 10, shade + 50, day)]);
    for (let wy = HORIZON - h + 8; wy < HORIZON - 10; wy += 14) {
      for (let wx = x + 6; wx < x + w - 16; wx += 12) {
        const lit = (seed[(wx + wy) % seed.length]! + wx) % 3 === 0;
        fillRect(data, wx, wy, 6, 7, lit && day < 0.5 ? [240, 210, 120] : [mix(20, 150, day), mix(25, 170, day), mix(40, 190, day)]);
      }
    }
    x += w;
    i += 3;
  }
  // Lane markings.
  for (let lx = 0; lx < FRAME_WIDTH; lx += 40) fillRect(data, lx, 228, 22, 3, [200, 200, 160], 0.7);
  return data;
}

function encode(data: Uint8Array): Buffer {
  return jpeg.encode({ data, width: FRAME_WIDTH, height: FRAME_HEIGHT }, QUALITY).data;
}

/**
 * A system that is offline sends no images: its cameras' last frame is from when it went
 * offline. The demo pretends its offline systems went offline this long before the server
 * started.
 */
export const OFFLINE_BEFORE_START_MS = 25 * 60_000;

export class FrameRenderer {
  readonly #started = Date.now();
  /** Systems (or demo live views) whose cameras stopped sending (a test hook): uuid -> last frame time (ms). */
  readonly frozen = new Map<string, number>();
  #live = new Map<string, { second: number; jpeg: Buffer }>();
  #stills = new Map<string, Buffer>();
  #backgrounds = new Map<string, Uint8Array>();
  /** Frames actually encoded (for tests and curiosity). */
  encoded = 0;

  #scene(uuid: string, name: string, timezone: string): Scene {
    return { seed: createHash('sha256').update(uuid).digest(), name, timezone };
  }

  #render(uuid: string, scene: Scene, at: Date, label: string): Buffer {
    const { hms, hour, date } = clock(scene.timezone, at);
    const key = `${uuid}:${hour}`;
    let bg = this.#backgrounds.get(key);
    if (!bg) {
      if (this.#backgrounds.size > 512) this.#backgrounds.clear();
      bg = background(scene.seed, hour);
      this.#backgrounds.set(key, bg);
    }
    const data = new Uint8Array(bg);
    const second = Math.floor(at.getTime() / 1000);
    // A vehicle crossing the frame, and a sweeping light bar.
    const speed = 25 + (scene.seed[5]! % 40);
    const span = FRAME_WIDTH + 90;
    const vx = ((second * speed + scene.seed[6]! * 7) % span) - 90;
    const body: Rgb = [120 + (scene.seed[7]! % 130), 40 + (scene.seed[8]! % 150), 40 + (scene.seed[9]! % 180)];
    fillRect(data, vx, 196, 84, 24, body);
    fillRect(data, vx + 14, 182, 50, 16, body);
    fillRect(data, vx + 18, 185, 42, 10, [150, 190, 220]);
    fillRect(data, vx + 10, 216, 14, 8, [15, 15, 15]);
    fillRect(data, vx + 60, 216, 14, 8, [15, 15, 15]);
    const barY = 30 + ((second * 9) % (HORIZON - 40));
    fillRect(data, 0, barY, FRAME_WIDTH, 3, [255, 255, 255], 0.25);
    // Overlay: camera name, live or recorded marker, clock.
    fillRect(data, 0, 0, FRAME_WIDTH, 24, [0, 0, 0], 0.55);
    drawText(data, FRAME_WIDTH, FRAME_HEIGHT, 8, 5, scene.name, 2, [255, 255, 255]);
    const markerWidth = textWidth(label, 2);
    drawText(data, FRAME_WIDTH, FRAME_HEIGHT, FRAME_WIDTH - markerWidth - 8, 5, label, 2, [255, 255, 255]);
    if (label && second % 2 === 0) fillRect(data, FRAME_WIDTH - markerWidth - 22, 8, 8, 8, [230, 30, 30]);
    const stamp = label === 'LIVE' ? hms : `${date} ${hms}`;
    const w = textWidth(stamp, 2);
    fillRect(data, FRAME_WIDTH - w - 14, FRAME_HEIGHT - 24, w + 14, 24, [0, 0, 0], 0.55);
    drawText(data, FRAME_WIDTH, FRAME_HEIGHT, FRAME_WIDTH - w - 7, FRAME_HEIGHT - 19, stamp, 2, [255, 255, 255]);
    this.encoded++;
    return encode(data);
  }

  /**
   * When the last frame of a system's cameras was taken, or null while they send live
   * frames: an offline system's cameras stopped when it went offline.
   */
  stoppedAt(system: string, online: boolean): number | null {
    return this.frozen.get(system) ?? (online ? null : this.#started - OFFLINE_BEFORE_START_MS);
  }

  /**
   * The live frame of a camera for the current second (cached per camera per second);
   * `stopped`: the last frame of a camera that stopped sending, without the LIVE marker
   * and with the date in its stamp.
   */
  live(uuid: string, name: string, timezone: string, now = Date.now(), stopped = false): Buffer {
    const second = Math.floor(now / 1000);
    const cached = this.#live.get(uuid);
    if (cached?.second === second) return cached.jpeg;
    const frame = this.#render(uuid, this.#scene(uuid, name, timezone), new Date(second * 1000), stopped ? '' : 'LIVE');
    this.#live.set(uuid, { second, jpeg: frame });
    return frame;
  }

  /** A recorded still (incident media), the same every time for the same uuid. */
  still(uuid: string, name: string, timezone: string, at: Date): Buffer {
    const cached = this.#stills.get(uuid);
    if (cached) return cached;
    const frame = this.#render(uuid, this.#scene(uuid, name, timezone), at, 'REC');
    if (this.#stills.size >= MAX_STILLS) this.#stills.delete(this.#stills.keys().next().value!);
    this.#stills.set(uuid, frame);
    return frame;
  }
}
