/**
 * The reports function: audit reports of a certification's cycle (CSV, PDF,
 * the ZIP packet), activity proposals from an uploaded certificate, and
 * such a certificate put in the inbox as a proposal. The
 * libraries each needs (csv-stringify, pdf-lib, fflate, PDF.js) load on the
 * first request that uses them, and no other function bundles them.
 */
import { reportsRoutes } from '@cpe/shared/routes';
import { randomUUID } from 'node:crypto';
import { API_MESSAGES } from '@cpe/shared';
import { buildReportModel } from '@cpe/shared/audit-report';
import { creditsOfCycle } from '@cpe/shared/readiness';
import { todayIn } from '@cpe/shared/dates';
import * as reports from '../data/reports';
import { NotFoundError, ValidationError } from '../errors';
import { downloadKey } from '../functions';
import { accountGuard } from '../data/users';
import { createHandlerWith } from '../http/handler';
import { FileAnswer } from '../http/respond';
import { proposalFromUpload } from '../proposal/from-upload';
import { type Proposer, proposerFor } from '../proposal/proposer';
import type { HandlerDeps } from './deps';

/**
 * Answers larger than this go to the bucket and leave as a link: Lambda
 * answers at most 6 MB and base64 adds a third, so 3 MB of bytes (4 MB
 * encoded) keeps well clear of it and of API Gateway's 10 MB.
 */
export const REPORT_INLINE_MAX_BYTES = 3 * 1024 * 1024;
/** How long the link to a large report works (the object itself expires a day on: DOWNLOADS_EXPIRATION). */
export const REPORT_LINK_SECONDS = 5 * 60;

export function createReportsHandler(
  deps: Pick<HandlerDeps, 'db' | 'storage' | 'clock'> & {
    proposer: Proposer;
    inlineMaxBytes?: number;
    /** Bytes of credits one Data API call reads (data/reports.ts REPORT_PAGE_BYTES). */
    pageBytes?: number;
  },
) {
  const { db, storage, clock, proposer } = deps;
  const inlineMax = deps.inlineMaxBytes ?? REPORT_INLINE_MAX_BYTES;

  async function deliver(sub: string, file: FileAnswer) {
    const bytes =
      typeof file.body === 'string' ? Buffer.byteLength(file.body, 'utf8') : file.body.byteLength;
    if (bytes <= inlineMax) return file;
    const key = downloadKey(sub, randomUUID(), file.fileName);
    const body = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
    await storage.put(key, body, file.contentType);
    const url = await storage.presignedGet(key, {
      expiresSeconds: REPORT_LINK_SECONDS,
      filename: file.fileName,
    });
    return { url };
  }

  return createHandlerWith(accountGuard(db))(reportsRoutes, {
    async getReport({ id, query, caller }) {
      const data = await reports.reportData(db, caller.sub, id, deps.pageBytes);
      if (!data) throw new NotFoundError();
      const chosen = creditsOfCycle(data.certification, data.credits, query.cycle, data.history);
      if (!chosen) {
        throw new ValidationError(`Invalid request: cycle ${API_MESSAGES.noSuchCycle}`, {
          cycle: API_MESSAGES.noSuchCycle,
        });
      }
      const { cycle, current, credits, earlier, recorded } = chosen;
      const catalogueId = data.certification.catalogue_id;
      const carried = current ? data.certification : (recorded ?? null);
      const model = buildReportModel({
        holder: { email: data.email, name: data.holderName },
        certification: {
          ...data.certification,
          carried_in: carried?.carried_in ?? 0,
          carried_category: carried?.carried_category ?? null,
        },
        catalogue: catalogueId
          ? (await import('../reports/entry')).reportCatalogue(catalogueId)
          : null,
        cycle: { ...cycle, current },
        activities: credits.map((c) => ({
          activity_id: c.activity_id,
          activity_name: c.activity_name,
          activity_date: c.activity_date,
          units: c.cpe_units,
          category: c.category,
          provider: c.provider,
          description: c.description,
          files: c.files,
        })),
        earlier: earlier.map((c) => ({
          activity_id: c.activity_id,
          activity_date: c.activity_date,
          units: c.cpe_units,
          category: c.category,
        })),
        generatedOn: todayIn(data.timeZone, clock.now()),
      });

      if (query.format === 'csv') {
        const { reportCsv, CSV_CONTENT_TYPE } = await import('../reports/csv');
        const { reportFileName } = await import('../reports/packet');
        return deliver(
          caller.sub,
          new FileAnswer(reportCsv(model), CSV_CONTENT_TYPE, reportFileName(model, 'csv')),
        );
      }
      const { reportPdf, PDF_CONTENT_TYPE } = await import('../reports/pdf');
      const { auditPacket, reportFileName, ZIP_CONTENT_TYPE } = await import('../reports/packet');
      const pdf = await reportPdf(model);
      if (query.format === 'pdf') {
        return deliver(
          caller.sub,
          new FileAnswer(pdf, PDF_CONTENT_TYPE, reportFileName(model, 'pdf')),
        );
      }
      const keys = new Map(credits.flatMap((c) => c.files.map((f) => [f.file_id, f.object_key])));
      const zip = await auditPacket(model, pdf, async (fileId) => {
        const key = keys.get(fileId);
        return key === undefined ? undefined : storage.get(key);
      });
      return deliver(
        caller.sub,
        new FileAnswer(zip, ZIP_CONTENT_TYPE, reportFileName(model, 'zip', 'packet')),
      );
    },

    async proposeActivity({ id, caller, requestId }) {
      const upload = await reports.uploadOf(db, caller.sub, id);
      if (!upload) throw new NotFoundError();
      // Images carry no text layer, and nothing here reads pixels.
      if (upload.content_type !== 'application/pdf') return { proposal: {} };
      const bytes = await storage.get(upload.object_key);
      if (!bytes) return { proposal: {} };
      const { pdfText } = await import('../proposal/pdf-text');
      const text = await pdfText(bytes);
      if (text.trim() === '') return { proposal: {} };
      // A date after the holder's today (in the time zone of their settings) is not proposed.
      const today = todayIn(upload.time_zone, clock.now());
      return { proposal: await proposer.propose(text, today, requestId) };
    },

    async createProposal({ body, caller, requestId }) {
      return proposalFromUpload(deps, caller.sub, body.upload_id, requestId);
    },
  });
}

/** The handler from the standard dependencies: proposals use OpenAI when a key secret is set. */
export function createReportsHandlerFrom(
  deps: Pick<HandlerDeps, 'db' | 'storage' | 'clock' | 'config' | 'secrets'>,
) {
  return createReportsHandler({ ...deps, proposer: proposerFor(deps.config, deps.secrets) });
}
