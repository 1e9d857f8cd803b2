/**
 * An HTTP proxy in front of one of the runtime's emulators, for the fault
 * suites: the handlers' SDK clients are pointed at it (the runtime's
 * `serviceEndpoints`), and the test decides what each request meets: the
 * emulator itself, an error status, silence, or a connection reset.
 * Requests are forwarded untouched (the Host header included: the SDK signed
 * it), so the emulator checks the same signature it would see directly.
 */
import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Forward to the emulator. */
  | { kind: 'pass' }
  /** Answer this status with an empty body, as a failing load balancer or service does. */
  | { kind: 'status'; status: number }
  /** Read the request and never answer. */
  | { kind: 'hang' }
  /** Cut the connection as soon as the request arrives. */
  | { kind: 'reset' };

export const faults = {
  pass: { kind: 'pass' },
  status: (status: number): Fault => ({ kind: 'status', status }),
  hang: { kind: 'hang' },
  reset: { kind: 'reset' },
} as const satisfies Record<string, Fault | ((status: number) => Fault)>;

export interface FaultProxy {
  /** The proxy's origin followed by `prefix`: what a client uses as the service's endpoint. */
  endpoint: string;
  /** Requests received since the last reset, whatever they met. */
  readonly received: number;
  /** What every following request meets, until the next call. */
  inject(fault: Fault): void;
  /** Back to forwarding; forgets the count. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A proxy forwarding to `target()` (read per request: the runtime's port is
 * known only once it listens, after it was given the proxy's address).
 */
export async function startFaultProxy(target: () => string, prefix: string): Promise<FaultProxy> {
  let fault: Fault = faults.pass;
  let received = 0;

  function forward(req: IncomingMessage, res: ServerResponse) {
    const to = new URL(target());
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  const server: Server = createServer((req, res) => {
    received += 1;
    const now = fault;
    switch (now.kind) {
      case 'pass':
        forward(req, res);
        return;
      case 'status':
        req.resume();
        req.on('end', () => {
          res.writeHead(now.status, { 'content-length': '0' });
          res.end();
        });
        return;
      case 'hang':
        req.resume();
        return;
      case 'reset':
        req.socket.destroy();
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}${prefix}`,
    get received() {
      return received;
    },
    inject(next) {
      fault = next;
    },
    reset() {
      fault = faults.pass;
      received = 0;
    },
    async close() {
      // Hanging requests hold their connections open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
