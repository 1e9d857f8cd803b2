/**
 * The multipart/form-data body of a browser POST upload, read with the
 * platform's own parser (undici's, behind Response#formData). S3 reads the
 * fields up to the one named `file` and ignores everything after it.
 */
import type { HttpRequest } from '../http/types';
import { messages, s3Error } from './errors';

export interface PostForm {
  /** Fields before the file, names as sent, in order. */
  fields: Array<[string, string]>;
  file: { filename: string; bytes: Buffer } | undefined;
  /** How many fields named `file` the form carried. */
  files: number;
}

export async function parseForm(request: HttpRequest): Promise<PostForm> {
  let data: FormData;
  try {
    data = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch (error) {
    throw s3Error('MalformedPOSTRequest', messages.malformedPost(), [], error);
  }
  const form: PostForm = { fields: [], file: undefined, files: 0 };
  for (const [name, value] of data.entries()) {
    if (name.toLowerCase() === 'file') {
      form.files += 1;
      if (form.file) continue;
      form.file =
        typeof value === 'string'
          ? { filename: '', bytes: Buffer.from(value, 'utf8') }
          : { filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
      continue;
    }
    if (form.file) continue;
    form.fields.push([name, typeof value === 'string' ? value : await value.text()]);
  }
  return form;
}
