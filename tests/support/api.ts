/**
 * How the integration and browser suites speak to the runtime's API: a JSON
 * client with a bearer token, and the few calls most suites arrange with (a
 * certification, an activity, a proof uploaded through the presigned POST),
 * answering the bodies typed as @cpe/shared declares them.
 */
import type { LocalRuntime } from '@cpe/local';
import type {
  Activity,
  Certification,
  CreateActivityBody,
  CreateCertificationBody,
  Upload,
} from '@cpe/shared';

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** The JSON answered (null when empty); text that is not JSON stays text. */
  body: T;
}

/** A small fetch wrapper speaking JSON to the local gateway with a bearer token. */
export function api(runtime: Pick<LocalRuntime, 'url'>, accessToken?: string) {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    raw?: string,
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {};
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const sendsBody = body !== undefined || (raw !== undefined && raw !== '');
    if (sendsBody) headers['content-type'] = 'application/json';
    const response = await fetch(`${runtime.url}${path}`, {
      method,
      headers,
      ...(sendsBody ? { body: raw !== undefined ? raw : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      // Non-JSON answers stay text, so a test can show them.
    }
    // The type a caller names is what the route table says the API answers; tests assert the rest.
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    delete: <T = unknown>(path: string, body?: unknown) => call<T>('DELETE', path, body),
    post: <T = unknown>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T = unknown>(path: string, body?: unknown) => call<T>('PUT', path, body),
    raw: <T = unknown>(method: string, path: string, text: string) =>
      call<T>(method, path, undefined, text),
  };
}

export type ApiClient = ReturnType<typeof api>;

/** The body of an answer with `status`; any other status fails the test, showing what came back. */
export function bodyOf<T>(answer: ApiAnswer<T>, status = 200): T {
  if (answer.status !== status)
    throw new Error(
      `expected ${status}, answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  return answer.body;
}

/** A certification's fields as a test sends them: any may be left out or given a value to refuse. */
export type CertificationBody = Partial<Record<keyof CreateCertificationBody, unknown>>;
/** An activity's fields as a test sends them. */
export type ActivityBody = Partial<Record<keyof CreateActivityBody, unknown>>;

/** POST /api/certifications, expecting 201. */
export async function createCertification(
  client: ApiClient,
  body: CertificationBody,
): Promise<Certification> {
  return bodyOf(await client.post<Certification>('/api/certifications', body), 201);
}

/** POST /api/activities, expecting 201. */
export async function createActivity(client: ApiClient, body: ActivityBody): Promise<Activity> {
  return bodyOf(await client.post<Activity>('/api/activities', body), 201);
}

/** GET /api/certification/{id}: the one certification (the route answers a list of one). */
export async function certificationOf(client: ApiClient, id: string): Promise<Certification> {
  const [found] = bodyOf(await client.get<Certification[]>(`/api/certification/${id}`));
  if (!found) throw new Error(`no certification ${id}`);
  return found;
}

/** GET /api/certifications/{userId}. */
export async function certificationsOf(client: ApiClient, userId: string) {
  return bodyOf(await client.get<Certification[]>(`/api/certifications/${userId}`));
}

/** GET /api/activities/{certificationId}. */
export async function activitiesOf(client: ApiClient, certificationId: string, query = '') {
  return bodyOf(await client.get<Activity[]>(`/api/activities/${certificationId}${query}`));
}

/** A file as a test uploads it: a PDF named certificate.pdf unless told. */
export interface TestFile {
  bytes: Uint8Array;
  type?: string;
  name?: string;
}

/** Posts a file the way the browser does: the presigned POST's fields (with `change`), then the file. */
export function postFile(
  upload: Pick<Upload, 'url' | 'fields'>,
  { bytes, type = 'application/pdf', name = 'certificate.pdf' }: TestFile,
  change: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [field, value] of Object.entries({ ...upload.fields, ...change }))
    form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(upload.url, { method: 'POST', body: form });
}

/** POST /api/uploads for a file, expecting 201: the presigned POST to send it with. */
export async function declareUpload(client: ApiClient, file: TestFile): Promise<Upload> {
  const answer = await client.post<Upload>('/api/uploads', {
    file_name: file.name ?? 'certificate.pdf',
    content_type: file.type ?? 'application/pdf',
    size: file.bytes.byteLength,
  });
  return bodyOf(answer, 201);
}

/** Declares a file and posts it, expecting S3's 204: the upload, to attach or propose from. */
export async function uploadFile(client: ApiClient, file: TestFile): Promise<Upload> {
  const upload = await declareUpload(client, file);
  const posted = await postFile(upload, file);
  if (posted.status !== 204)
    throw new Error(`the presigned POST answered ${posted.status}: ${await posted.text()}`);
  return upload;
}
