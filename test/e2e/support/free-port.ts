import { createServer } from 'node:net';

/**
 * A TCP port that is free right now on `host`: binds port 0, reads the port the OS
 * picked, and releases it. (Another process could take it before the server binds it;
 * on a test machine that is rare enough.)
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('freePort: no port assigned'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}
