/**
 * What the api asks of object storage (S3; locally the emulator at /_aws/s3):
 * proof files uploaded straight from the browser, reports handed out by link,
 * and everything of a user deleted with the account.
 */
export interface PresignedPost {
  url: string;
  /** Form fields the browser posts with the file (the signed policy among them). */
  fields: Record<string, string>;
}

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface Storage {
  /** A browser upload whose policy fixes the key, the content type and the size range. */
  presignedPost(input: {
    key: string;
    contentType: string;
    minBytes: number;
    maxBytes: number;
    expiresSeconds: number;
    /** Tags the object carries from its upload (the policy fixes them too). */
    tags?: Readonly<Record<string, string>>;
  }): Promise<PresignedPost>;
  /** A short-lived download link; `filename` becomes the Content-Disposition. */
  presignedGet(
    key: string,
    options: { expiresSeconds: number; filename?: string },
  ): Promise<string>;
  /** Size and type of an object, or undefined when there is none. */
  head(key: string): Promise<StoredObject | undefined>;
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Deletes the objects (missing ones are no error). */
  delete(keys: readonly string[]): Promise<void>;
  /** Deletes every object under `prefix`; answers how many there were. */
  deletePrefix(prefix: string): Promise<number>;
}

/**
 * The tag a browser upload carries from its presigned POST until the API
 * attaches it to an activity; the evidence bucket's lifecycle rule expires
 * objects that still carry it (docs/decisions/050).
 */
export const PENDING_UPLOAD_TAG = { key: 'cpe-upload', value: 'pending' } as const;

/**
 * The evidence bucket's expiration rule for uploads never attached (and the
 * object a form used after its account was deleted may still store: S3
 * cannot revoke a presigned POST): the stack sets it on the bucket, the
 * local S3 emulator runs it daily.
 */
export const PENDING_UPLOAD_EXPIRATION = {
  id: 'expire-unattached-uploads',
  tags: { [PENDING_UPLOAD_TAG.key]: PENDING_UPLOAD_TAG.value },
  days: 1,
} as const;
