/**
 * Real key presses (Playwright's keyboard) through the test runner's `send-keys` command.
 *
 * Why not `import { sendKeys } from '@web/test-runner-commands'`: Vite pre-bundles that
 * package and rewrites its absolute import of the runner's web-socket module into a
 * broken relative one ("Could not setup web socket connection"). A dynamic import of the
 * module from here would make Vite inject its own HMR client. So this uses the runner's
 * socket (`window.__WDS_WEB_SOCKET__`, set up by its web-socket module, loaded with a
 * plain module script when the page has not loaded it yet) and its message protocol.
 * (Fix for everyone: add '@web/test-runner-commands' to optimizeDeps.exclude.)
 */
interface SocketInfo {
  webSocket: WebSocket;
  webSocketOpened: Promise<void>;
  getNextMessageId(): number;
}

const SOCKET_MODULE = '/__web-dev-server__web-socket.js';

async function socket(): Promise<SocketInfo> {
  const w = window as unknown as { __WDS_WEB_SOCKET__?: SocketInfo };
  if (!w.__WDS_WEB_SOCKET__) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = SOCKET_MODULE;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${SOCKET_MODULE}`));
      document.head.append(script);
    });
  }
  const info = w.__WDS_WEB_SOCKET__;
  if (!info) throw new Error('the test runner web socket is not available');
  await info.webSocketOpened;
  return info;
}

async function command(command: string, payload: unknown): Promise<unknown> {
  const sessionId = new URL(location.href).searchParams.get('wtr-session-id');
  if (!sessionId) throw new Error('key presses need the page to be run by @web/test-runner');
  const { webSocket, getNextMessageId } = await socket();
  const id = getNextMessageId();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      webSocket.removeEventListener('message', onMessage);
      reject(new Error(`no answer to ${command} within 10 s`));
    }, 10_000);
    function onMessage(event: MessageEvent) {
      const message = JSON.parse(String(event.data)) as {
        type?: string;
        id?: number;
        error?: string;
        response?: { executed?: boolean; result?: unknown };
      };
      if (message.type !== 'message-response' || message.id !== id) return;
      clearTimeout(timer);
      webSocket.removeEventListener('message', onMessage);
      if (message.error) reject(new Error(message.error));
      else if (!message.response?.executed) reject(new Error(`the test runner did not execute ${command}`));
      else resolve(message.response.result);
    }
    webSocket.addEventListener('message', onMessage);
    webSocket.send(JSON.stringify({ type: 'wtr-command', sessionId, command, payload, id }));
  });
}

/** Presses one key or chord, e.g. 'Tab', 'Shift+Tab', 'Escape', 'Enter'. */
export async function press(key: string): Promise<void> {
  await command('send-keys', { press: key });
}
