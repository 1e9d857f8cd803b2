/**
 * The one port everything is served on: the emulated AWS services under
 * `/_aws` (each behind its signature and content-type checks and its
 * service's request size limit), the outbox and the schedules under `/_dev`
 * (for the runtime's own pages only), the APIs through the gateway,
 * /config.json, and the built SPA, all with CloudFront's security headers
 * where CloudFront would add them. Requests naming another host are refused
 * (http/guard.ts).
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicOperation } from './cognito/public-operations';
import { BodyTooLargeError, readRequest, writeAndClose, writeResponse } from './http/adapt';
import {
  type AwsRefusal,
  createHostCheck,
  foreignPageRefusal,
  jsonBodyRefusal,
  refusals,
  requireSdkShape,
} from './http/guard';
import type { RequestVerifier } from './http/sigv4';
import { type HttpRequest, type HttpResponse, type HttpService, json } from './http/types';
import { SES_MAX_MESSAGE_BYTES } from './inbound';
import { DEFAULT_MAX_OBJECT_BYTES, s3Refusal } from './s3';

/** API Gateway's payload limit (10 MB). */
const API_GATEWAY_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** The Data API's request size limit (4 MiB, aws-fidelity.md). */
const RDS_DATA_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** Cognito, Secrets Manager and SES requests are small JSON documents. */
const JSON_SERVICE_MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * What the developer endpoints answer with: nothing of theirs may be framed,
 * embedded or read by another origin's page (the outbox holds sign-up and
 * reset codes), and the outbox page runs no script.
 */
const DEVELOPER_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export interface FrontDoorServices {
  rdsData: HttpService;
  secretsManager: HttpService;
  ses: HttpService;
  cognito: HttpService;
  s3: HttpService;
  /** `/api/*` and `/beta/*`. */
  gateway: HttpService;
  /** `/_dev/mail`, `/_dev/mail.json`. */
  outbox: { htmlPage(): HttpResponse; jsonPage(): HttpResponse };
  /** `/_dev/schedules/{name}`. */
  schedules(request: HttpRequest, name: string): Promise<HttpResponse>;
  /** `/_dev/inbound`: a raw message, received as SES would (inbound/index.ts). */
  inbound: HttpService;
  /** `/config.json`. */
  config(request: HttpRequest): HttpResponse;
  /** Everything else: the SPA. */
  site: HttpService;
}

interface Mount {
  prefix: string;
  maxBytes: number;
  refuse: AwsRefusal;
  service: HttpService;
}

/** The emulated AWS services, each behind its signature and content-type checks and its service's request size limit. */
function mountsOf(services: FrontDoorServices, verifier: RequestVerifier): Mount[] {
  const signedJson = (
    prefix: string,
    signingName: string,
    service: HttpService,
    json11: boolean,
  ): Mount => {
    const refuse = json11 ? refusals.json11 : refusals.restJson;
    return {
      prefix,
      maxBytes:
        prefix === '/_aws/rds-data' ? RDS_DATA_MAX_REQUEST_BYTES : JSON_SERVICE_MAX_REQUEST_BYTES,
      refuse,
      service: requireSdkShape(service, {
        contentTypes: [json11 ? 'application/x-amz-json-1.1' : 'application/json'],
        signature: { verifier, signingName },
        refuse,
      }),
    };
  };
  return [
    signedJson('/_aws/rds-data', 'rds-data', services.rdsData, false),
    signedJson('/_aws/secretsmanager', 'secretsmanager', services.secretsManager, true),
    signedJson('/_aws/ses', 'ses', services.ses, false),
    {
      prefix: '/_aws/cognito-idp',
      maxBytes: JSON_SERVICE_MAX_REQUEST_BYTES,
      refuse: refusals.json11,
      // Amplify calls the pool's public operations unsigned, as browsers do in AWS; the rest are signed.
      service: requireSdkShape(services.cognito, {
        contentTypes: ['application/x-amz-json-1.1'],
        signature: { verifier, signingName: 'cognito-idp', unsigned: isPublicOperation },
        openMethods: ['GET', 'OPTIONS'],
        refuse: refusals.json11,
      }),
    },
    {
      prefix: '/_aws/s3',
      // A PostObject form carries the file and its fields; S3 checks every signature itself.
      maxBytes: DEFAULT_MAX_OBJECT_BYTES + 64 * 1024,
      refuse: (status, type, message) => s3Refusal(status, type, message),
      service: services.s3,
    },
  ];
}

export interface FrontDoor {
  server: Server;
  /** Listens; answers the base URL (`http://<address>:<port>`). */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

export function createFrontDoor(
  services: FrontDoorServices,
  options: {
    allowedHosts?: string[] | undefined;
    headers: Record<string, string>;
    /** Verifies the signatures of the JSON services' calls against the runtime's key. */
    verifier: RequestVerifier;
  },
): FrontDoor {
  const hosts = createHostCheck(options.allowedHosts);
  const mounts = mountsOf(services, options.verifier);
  const mountOf = (rawPath: string) =>
    mounts.find((m) => rawPath === m.prefix || rawPath.startsWith(`${m.prefix}/`));

  /** CloudFront's response headers policy applies to every path it serves, the APIs included. */
  const withSecurityHeaders = (response: HttpResponse): HttpResponse => ({
    ...response,
    headers: { ...response.headers, ...options.headers },
  });

  async function route(request: HttpRequest): Promise<HttpResponse> {
    const mount = mountOf(request.rawPath);
    if (mount) {
      return mount.service({ ...request, path: request.rawPath.slice(mount.prefix.length) || '/' });
    }
    const p = request.rawPath;
    if (p === '/config.json') return services.config(request);
    if (p === '/_dev' || p.startsWith('/_dev/')) {
      const response = await developer(request);
      return { ...response, headers: { ...response.headers, ...DEVELOPER_HEADERS } };
    }
    if (p === '/beta' || p.startsWith('/beta/')) {
      // The contact form is for the runtime's own pages; the handler itself refuses bodies that are not JSON.
      return withSecurityHeaders(foreignPageRefusal(request) ?? (await services.gateway(request)));
    }
    if (p === '/api' || p.startsWith('/api/')) {
      return withSecurityHeaders(await services.gateway(request));
    }
    return services.site(request);
  }

  /** `/_dev/*`: the outbox and the schedules, for the runtime's own pages and for tools, never for another page. */
  async function developer(request: HttpRequest): Promise<HttpResponse> {
    const p = request.rawPath;
    // A raw message, not JSON: message/rfc822 is no type a page can send without a preflight.
    if (p === '/_dev/inbound') return foreignPageRefusal(request) ?? services.inbound(request);
    const refused = foreignPageRefusal(request) ?? jsonBodyRefusal(request);
    if (refused) return refused;
    if (p === '/_dev/mail') return services.outbox.htmlPage();
    if (p === '/_dev/mail.json') return services.outbox.jsonPage();
    if (p.startsWith('/_dev/schedules/')) {
      let name: string;
      try {
        name = decodeURIComponent(p.slice('/_dev/schedules/'.length));
      } catch {
        return json(404, { message: `No schedule at ${p}` });
      }
      return services.schedules(request, name);
    }
    return json(404, { message: `No developer endpoint at ${p}` });
  }

  /** What answers a request naming another host, or too large to read. */
  function refusal(rawPath: string, status: number, type: string, message: string) {
    const mount = mountOf(rawPath);
    if (mount) return mount.refuse(status, type, message);
    if (status === 413) return withSecurityHeaders(json(413, { message: 'Request Too Long' }));
    return withSecurityHeaders({
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: message,
    });
  }

  const server = createServer((req, res) => {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (!hosts.isOwn({ headers: { host: req.headers.host ?? '' } })) {
      const names = hosts.allowed.join(', ');
      writeAndClose(
        res,
        refusal(
          rawPath,
          403,
          'AccessDeniedException',
          `This runtime answers only to its own host names (${names}).`,
        ),
      );
      return;
    }
    const maxBytes =
      mountOf(rawPath)?.maxBytes ??
      (rawPath === '/_dev/inbound' ? SES_MAX_MESSAGE_BYTES : API_GATEWAY_MAX_REQUEST_BYTES);
    readRequest(req, '', maxBytes)
      .then(route)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) {
          writeAndClose(
            res,
            refusal(rawPath, 413, 'RequestEntityTooLargeException', 'Request Too Long'),
          );
          return;
        }
        console.error('[local] unhandled error:', error);
        writeResponse(res, json(500, { message: 'Internal server error' }));
      });
  });
  server.keepAliveTimeout = 65_000;

  return {
    server,
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      return `http://${address.address}:${address.port}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
