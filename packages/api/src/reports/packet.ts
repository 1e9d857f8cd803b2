/**
 * The audit packet: one ZIP with the PDF report and every proof file under
 * the name the report gives it (`03-2026-05-14-<activity>-<file name>`), so an
 * auditor finds each file from its line. Proof files (PDFs, images) are
 * compressed already: they are stored as they are, which keeps them
 * byte-identical and costs no CPU.
 *
 * Entries say they were made on Unix (version made by 3) with ordinary file
 * permissions, and names that are not ASCII carry the UTF-8 flag, so Info-ZIP
 * `unzip`, 7-Zip, macOS and Windows all extract `certificate ü.png` under its
 * own name (an MS-DOS entry makes Info-ZIP read the name as code page 437).
 *
 * The packet is written as a stream (fflate's Zip): one proof file is read
 * ahead of the one being added, so memory holds the output and a few files.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ReportModel } from '@cpe/shared/audit-report';

export const ZIP_CONTENT_TYPE = 'application/zip';

/** The report's own name in the packet (and as a download). */
export function reportFileName(
  model: ReportModel,
  extension: string,
  kind: 'report' | 'packet' = 'report',
): string {
  const name = model.input.certification.certification_name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${name || 'certification'}-${model.input.cycle.start}-audit-${kind}.${extension}`;
}

/** PKZIP's "version made by" host for Unix (APPNOTE 4.4.2.2). */
export const ZIP_OS_UNIX = 3;
/** A regular file, rw-r--r--, in the high half of the external attributes. */
export const ZIP_FILE_ATTRS = (0o100644 << 16) >>> 0;

/** Proof files read ahead of the one being written. */
const READ_AHEAD = 4;

type Entry = ZipDeflate | ZipPassThrough;

/**
 * `proof(file_id)` answers a proof file's bytes; a file missing from storage
 * is listed in `missing.txt` instead of failing the whole packet. `write`
 * receives the ZIP's bytes in order as they are made.
 */
export async function writeAuditPacket(
  model: ReportModel,
  pdf: Uint8Array,
  proof: (fileId: string) => Promise<Uint8Array | undefined>,
  write: (chunk: Uint8Array) => void,
): Promise<void> {
  const mtime = new Date(`${model.input.generatedOn}T00:00:00Z`);
  /** The zip's error, set from its callback (a holder, so each check reads it afresh). */
  const state: { failure: Error | null } = { failure: null };
  const zip = new Zip((error, chunk) => {
    if (error) state.failure = error;
    else write(chunk);
  });
  const add = (entry: Entry, bytes: Uint8Array) => {
    entry.mtime = mtime;
    entry.os = ZIP_OS_UNIX;
    entry.attrs = ZIP_FILE_ATTRS;
    zip.add(entry);
    entry.push(bytes, true);
    if (state.failure) throw state.failure;
  };

  add(new ZipDeflate(reportFileName(model, 'pdf'), { level: 6 }), pdf);

  const wanted = model.rows.flatMap((row) =>
    row.files.flatMap((file, i) => {
      const name = row.packetNames[i];
      return name === undefined ? [] : [{ name, fileId: file.file_id }];
    }),
  );
  const reads: Promise<Uint8Array | undefined>[] = [];
  const readAhead = (upTo: number) => {
    for (let i = reads.length; i < Math.min(upTo, wanted.length); i++) {
      reads.push(proof((wanted[i] as (typeof wanted)[number]).fileId));
    }
  };
  const missing: string[] = [];
  for (const [i, { name }] of wanted.entries()) {
    readAhead(i + 1 + READ_AHEAD);
    const bytes = await (reads[i] as Promise<Uint8Array | undefined>);
    reads[i] = Promise.resolve(undefined); // let the bytes go once written
    if (bytes) add(new ZipPassThrough(name), bytes);
    else missing.push(name);
  }
  if (missing.length > 0) {
    add(
      new ZipDeflate('missing.txt', { level: 6 }),
      new TextEncoder().encode(
        `These proof files could not be read from storage when the packet was made:\r\n${missing.join('\r\n')}\r\n`,
      ),
    );
  }
  zip.end();
  if (state.failure) throw state.failure;
}

/** The packet as one array of bytes. */
export async function auditPacket(
  model: ReportModel,
  pdf: Uint8Array,
  proof: (fileId: string) => Promise<Uint8Array | undefined>,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  await writeAuditPacket(model, pdf, proof, (chunk) => {
    chunks.push(chunk);
    size += chunk.byteLength;
  });
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
