/**
 * The audit packet: one ZIP with the PDF report and every proof file under
 * the name the report gives it (`03-2026-05-14-<activity>-<file name>`), so an
 * auditor finds each file from its line. Proof files (PDFs, images) are
 * compressed already: they are stored as they are, which keeps them
 * byte-identical and costs no CPU.
 */
import { type ZippableFile, zipSync } from 'fflate';
import { dict } from '@cpe/shared/dict';
import type { ReportModel } from '@cpe/shared/audit-report';

export const ZIP_CONTENT_TYPE = 'application/zip';

/** The report's own name in the packet (and as a download). */
export function reportFileName(model: ReportModel, extension: string): string {
  const name = model.input.certification.certification_name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${name || 'certification'}-${model.input.cycle.start}-audit-report.${extension}`;
}

/**
 * `proof(file_id)` answers a proof file's bytes; a file missing from storage
 * is listed in `missing.txt` instead of failing the whole packet.
 */
export async function auditPacket(
  model: ReportModel,
  pdf: Uint8Array,
  proof: (fileId: string) => Promise<Uint8Array | undefined>,
): Promise<Uint8Array> {
  const mtime = new Date(`${model.input.generatedOn}T00:00:00Z`);
  const entries = dict<ZippableFile>([[reportFileName(model, 'pdf'), [pdf, { level: 6, mtime }]]]);
  const missing: string[] = [];
  for (const row of model.rows) {
    for (const [i, file] of row.files.entries()) {
      const name = row.packetNames[i];
      if (name === undefined) continue;
      const bytes = await proof(file.file_id);
      if (bytes) entries[name] = [bytes, { level: 0, mtime }];
      else missing.push(name);
    }
  }
  if (missing.length > 0) {
    entries['missing.txt'] = [
      new TextEncoder().encode(
        `These proof files could not be read from storage when the packet was made:\r\n${missing.join('\r\n')}\r\n`,
      ),
      { level: 6, mtime },
    ];
  }
  return zipSync(entries);
}
