/**
 * A push service for the server's tests: a tiny HTTP server on loopback that records each
 * POST, a browser's subscription keys made with node:crypto, and the receiving end of
 * RFC 8291 (aes128gcm) and RFC 8292 (VAPID) written from the RFCs, independent of the
 * library the server sends with.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer; at: number };

export type Receiver = {
  url: (path?: string) => string;
  received: Received[];
  /** The status the next requests get (201 by default); a function sees each request. */
  answer: (status: number | ((r: Received) => number)) => void;
  /** Settles with the first request to `path` (now or later). */
  next: (path: string) => Promise<Received>;
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { path: string; resolve: (r: Received) => void }[] = [];
  let status: number | ((r: Received) => number) = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      received.push(r);
      res.writeHead(typeof status === 'function' ? status(r) : status).end();
      for (const w of waiters.filter((w) => w.path === r.path)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(r);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = `/push/${randomBytes(6).toString('hex')}`) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (s) => (status = s),
    next: (path) => {
      const seen = received.find((r) => r.path === path);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ path, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a browser makes for a subscription: a P-256 key pair and a 16-byte auth secret. */
export type DeviceKeys = { ecdh: ECDH; p256dh: string; auth: string };

export function deviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** RFC 8291 §3–4 with RFC 8188's aes128gcm header: the plaintext of one push message. */
export function decrypt(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  if (idLength !== 65 || cipher.length > rs) throw new Error('not a single-record aes128gcm message');
  const shared = keys.ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: checks `Authorization: vapid t=<JWT>, k=<key>` against the server's public key
 * (base64url, uncompressed P-256) and the push service's origin; returns the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string, audience: string): Record<string, unknown> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('the header names another key');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  if (body.aud !== audience) throw new Error(`aud ${String(body.aud)} is not ${audience}`);
  if (!(Number(body.exp) > Date.now() / 1000) || Number(body.exp) > Date.now() / 1000 + 24 * 3600) throw new Error('exp out of range');
  return body;
}
