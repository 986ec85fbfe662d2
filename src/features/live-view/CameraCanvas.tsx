import { useEffect, useRef } from 'react';
import type { FrameLoop } from '../../core/live-view/frameLoop.ts';
import type { LiveFrame } from '../../core/live-view/liveFrames.ts';

export interface CameraCanvasProps {
  feed: FrameLoop;
  className?: string;
  /** Given: the canvas is an image with this name; otherwise it is decorative. */
  label?: string;
}

function draw(canvas: HTMLCanvasElement | null, frame: LiveFrame | null): void {
  if (!canvas || !frame) return;
  if (canvas.width !== frame.width) canvas.width = frame.width;
  if (canvas.height !== frame.height) canvas.height = frame.height;
  try {
    canvas.getContext('2d')?.drawImage(frame.image, 0, 0);
  } catch {
    // A frame freed meanwhile: the next one draws.
  }
}

/**
 * Draws a camera's frames. It subscribes to the feed directly (not through React state):
 * each frame is drawn the moment it arrives, before the feed frees the previous one.
 */
export function CameraCanvas({ feed, className, label }: CameraCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => feed.$state.subscribe((state) => draw(ref.current, state.frame)), [feed]);
  return label ? (
    <canvas ref={ref} className={className} role="img" aria-label={label} width={480} height={270} />
  ) : (
    <canvas ref={ref} className={className} aria-hidden="true" width={480} height={270} />
  );
}
