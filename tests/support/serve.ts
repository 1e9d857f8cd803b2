import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequest, writeResponse } from '@cpe/local/http';
import type { HttpService } from '@cpe/local/http';

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves one emulated service on a free loopback port, mounted at `mount`. */
export async function serve(service: HttpService, mount = ''): Promise<Served> {
  const server: Server = createServer((req, res) => {
    readRequest(req, mount)
      .then(service)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
