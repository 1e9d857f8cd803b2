/**
 * The inbound function: SES stored a message sent to `*@in.<site domain>`
 * under `inbound/<messageId>` of the evidence bucket and invokes this with
 * its receipt. A message is acted on only when it is for a known forwarding
 * address and SES's verdicts let it in (inbound/receipt.ts); otherwise it is
 * deleted, logged and answered with nothing at all (no backscatter,
 * decision 120). An accepted message's certificates (PDF or image
 * attachments, else the text of an e-certificate mail) become proposals in
 * the owner's inbox, each with its proof stored (the attachment, or the
 * message drawn as a PDF when its text is the certificate), and the owner is
 * mailed what was proposed or why nothing was. The raw message is deleted
 * once read or refused; an unexpected failure leaves it for Lambda's retry,
 * which finds the proposals an earlier attempt stored by their ids (derived
 * from the message, the owner and the certificate's place) and adds only the
 * rest. The local runtime's `POST /_dev/inbound` invokes the same
 * function with an SES-shaped event and answers what it returns.
 */
import { createHash } from 'node:crypto';
import { FILE_RULES, PROOF_EXTENSIONS, type ProofContentType } from '@cpe/shared';
import { v5 as uuidv5 } from 'uuid';
import { todayIn } from '@cpe/shared/dates';
import { type ForwardingOwner, ownerOfForwardingLocal } from '../data/forwarding';
import {
  countProposalsSince,
  insertProposal,
  proposalKey,
  storedProposalIds,
} from '../data/proposals';
import { contentMatches } from '../files/contents';
import { INBOUND_PREFIX } from '../functions';
import {
  MAX_ATTACHMENTS,
  MAX_MESSAGE_BYTES,
  forwardingLocals,
  type Receipt,
  inboundKey,
  proposalsLeft,
  readReceipt,
  verdictRefusal,
} from '../inbound/receipt';
import { withoutQuotedHeaders } from '../inbound/forwarded';
import type { ParsedMessage } from '../inbound/message';
import { logger } from '../log';
import { type ProposedItem, inboundReportMail } from '../mail/inbound';
import { type Proposer, proposerFor } from '../proposal/proposer';
import type { HandlerDeps } from './deps';

/** What became of one message (the local runtime answers it; in AWS it is only logged). */
export type InboundResult =
  | { status: 'refused'; message: string }
  | {
      status: 'processed';
      /** Per forwarding address acted on: proposals made, and what its owner was told. */
      deliveries: Array<{ proposals: number; message: string }>;
    };

/** A certificate found in the message, ready to become a proposal for each owner. */
interface Certificate {
  fields: Awaited<ReturnType<Proposer['propose']>>;
  proof: { bytes: Uint8Array; file_name: string; content_type: ProofContentType } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The proof type the bytes are (checked by their signature), whatever the sender declared. */
function proofTypeOf(bytes: Uint8Array): ProofContentType | undefined {
  return FILE_RULES.contentTypes.find((type) => contentMatches(type, bytes));
}

/** The namespace of proposal ids derived from a received message (a fixed random UUID). */
const PROPOSAL_NAMESPACE = '5b0c3f6e-2a61-4f0e-9d3a-7c1e8b4a2f90';

/**
 * The id of the proposal a certificate makes for `sub`: a name-based UUID
 * (version 5, RFC 9562) of its proof file's bytes, so a retry of the message,
 * the same email forwarded again (as the daily limit's note asks) or the same
 * file attached twice never proposes it twice while it waits in the inbox. A
 * certificate read from the email's text alone is the `n`th of its message.
 */
function proposalIdOf(messageId: string, sub: string, n: number, certificate: Certificate): string {
  const what = certificate.proof
    ? `proof:${createHash('sha256').update(certificate.proof.bytes).digest('hex')}`
    : `${messageId}\n${n}`;
  return uuidv5(`${sub}\n${what}`, PROPOSAL_NAMESPACE);
}

/** A date or a sender alone is any mail's: a certificate names its activity or its units. */
const readsAsCertificate = (fields: Certificate['fields']) =>
  fields.activity_name !== undefined || fields.cpe_units !== undefined;

export function createInboundHandler(
  deps: Pick<HandlerDeps, 'db' | 'storage' | 'mailer' | 'clock' | 'config'> & {
    proposer: Proposer;
  },
) {
  const { db, storage, mailer, clock, config, proposer } = deps;

  async function tell(owner: ForwardingOwner, mail: Parameters<typeof inboundReportMail>[2]) {
    try {
      await mailer.send(inboundReportMail(config, owner.email, mail));
    } catch (error) {
      logger.error('inbound confirmation failed', { error: String(error) });
    }
  }

  /**
   * The certificates of a message: its PDF and image attachments, else its
   * text when it reads as one (the message as a PDF its proof). `today` is
   * the owner's date: a date after it is not proposed.
   */
  async function certificatesOf(
    message: ParsedMessage,
    today: string,
    requestId: string,
  ): Promise<Certificate[]> {
    const found: Certificate[] = [];
    for (const [n, attachment] of message.attachments.entries()) {
      if (attachment.inline) continue;
      const bytes = attachment.content;
      const type = bytes.byteLength <= FILE_RULES.maxBytes ? proofTypeOf(bytes) : undefined;
      if (!type) continue;
      let fields: Certificate['fields'] = {};
      if (type === 'application/pdf') {
        const { pdfText } = await import('../proposal/pdf-text');
        const text = await pdfText(bytes);
        if (text.trim() !== '') fields = await proposer.propose(text, today, requestId);
      }
      const named = attachment.filename?.trim();
      found.push({
        fields,
        proof: {
          bytes,
          file_name: named || `certificate-${n + 1}.${PROOF_EXTENSIONS[type]}`,
          content_type: type,
        },
      });
    }
    if (found.length > 0 || message.text.trim() === '') return found;
    const fields = await proposer.propose(withoutQuotedHeaders(message.text), today, requestId);
    if (!readsAsCertificate(fields)) return [];
    return [{ fields, proof: await bodyProof(message, today) }];
  }

  /**
   * The proof of a certificate written in the mail itself: the message as a
   * PDF (inbound/message-pdf.ts). A message it cannot be drawn from still
   * makes its proposal, without a proof, and the fault is logged.
   */
  async function bodyProof(message: ParsedMessage, today: string): Promise<Certificate['proof']> {
    try {
      const { messagePdf, messagePdfName } = await import('../inbound/message-pdf');
      const bytes = await messagePdf(message, { receivedOn: today });
      if (bytes.byteLength > FILE_RULES.maxBytes) {
        logger.warn('inbound mail too large to file as a PDF', { bytes: bytes.byteLength });
        return null;
      }
      return {
        bytes,
        file_name: messagePdfName(message.subject),
        content_type: 'application/pdf',
      };
    } catch (error) {
      logger.error('inbound mail not drawn as a PDF', { error: String(error) });
      return null;
    }
  }

  /** Writes one proposal for `owner`: the proof first, then the row; the proof goes again if the row fails. */
  async function propose(
    owner: ForwardingOwner,
    certificate: Certificate,
    label: string,
    id: string,
  ) {
    const proof = certificate.proof;
    if (proof) await storage.put(proposalKey(owner.sub, id), proof.bytes, proof.content_type);
    try {
      const made = await insertProposal(db, owner.sub, {
        proposal_id: id,
        source: 'email',
        source_label: label,
        fields: certificate.fields,
        proof: proof
          ? {
              file_name: proof.file_name,
              content_type: proof.content_type,
              size: proof.bytes.length,
            }
          : null,
      });
      if (made === undefined) throw new Error('the owner of the forwarding address is gone');
    } catch (error) {
      if (proof) await storage.delete([proposalKey(owner.sub, id)]);
      throw error;
    }
  }

  async function deliver(
    owner: ForwardingOwner,
    messageId: string,
    message: ParsedMessage,
    certificates: Certificate[],
  ): Promise<{ proposals: number; message: string }> {
    const subject = message.subject;
    if (certificates.length === 0) {
      const note =
        'It had no PDF or image attached, and its text did not read as a certificate. Forward the email the certificate came in, with the certificate attached.';
      await tell(owner, { subject, proposed: [], note });
      return { proposals: 0, message: `No certificate found: ${note}` };
    }
    // One proposal per certificate: a file attached twice is one.
    const byId = new Map<string, Certificate>();
    for (const [n, certificate] of certificates.entries()) {
      const id = proposalIdOf(messageId, owner.sub, n, certificate);
      if (!byId.has(id)) byId.set(id, certificate);
    }
    const stored = new Set(await storedProposalIds(db, owner.sub, [...byId.keys()]));
    const since = new Date(clock.now().getTime() - DAY_MS).toISOString();
    // What is already in the inbox (an earlier attempt at this message, or the same email
    // forwarded again) is listed and costs nothing; the limit counts the new ones.
    let left = proposalsLeft(await countProposalsSince(db, owner.sub, since, 'email'));
    const label = `Email from ${message.from ?? 'an unknown sender'}${subject.trim() ? `: ${subject.trim()}` : ''}`;
    const proposed: ProposedItem[] = [];
    let skipped = 0;
    for (const [id, certificate] of byId) {
      if (!stored.has(id)) {
        if (left <= 0) {
          skipped++;
          continue;
        }
        await propose(owner, certificate, label, id);
        left--;
      }
      proposed.push({
        title:
          certificate.fields.activity_name ?? certificate.proof?.file_name ?? 'Activity from email',
        file: certificate.proof?.file_name ?? null,
      });
    }
    const note =
      skipped > 0
        ? `${skipped} more ${skipped === 1 ? 'certificate was' : 'certificates were'} not proposed: forwarded email makes at most 50 proposals a day. Forward it again tomorrow.`
        : undefined;
    await tell(owner, { subject, proposed, note });
    return {
      proposals: proposed.length,
      message:
        proposed.length > 0
          ? `${proposed.length} proposed${note ? `; ${note}` : ''}`
          : `Daily limit reached: ${note ?? ''}`,
    };
  }

  /** Everything of the message is refused: each owner is told why, nothing is stored. */
  async function refuseToOwners(owners: ForwardingOwner[], subject: string, reason: string) {
    for (const owner of owners) await tell(owner, { subject, proposed: [], note: reason });
    return {
      status: 'processed' as const,
      deliveries: owners.map(() => ({ proposals: 0, message: reason })),
    };
  }

  /** What becomes of the message at `key`: refused, or read and proposed from; throws on an unexpected failure. */
  async function act(receipt: Receipt, key: string): Promise<InboundResult> {
    const refused = (message: string): InboundResult => {
      logger.warn('inbound mail refused', { messageId: receipt.messageId, reason: message });
      return { status: 'refused', message };
    };
    const domain = config.INBOUND_MAIL_DOMAIN;
    const owners: ForwardingOwner[] = [];
    for (const local of domain ? forwardingLocals(receipt.recipients, domain) : []) {
      const owner = await ownerOfForwardingLocal(db, local);
      if (owner && !owners.some((o) => o.sub === owner.sub)) owners.push(owner);
    }
    if (owners.length === 0) return refused('No account has this forwarding address.');
    const verdict = verdictRefusal(receipt.verdicts);
    if (verdict) return refused(`The message failed SES's checks: ${verdict}.`);

    const notStored = 'The message is not in the bucket (SES did not store it).';
    const stored = await storage.head(key);
    if (!stored) return refused(notStored);
    if (stored.size > MAX_MESSAGE_BYTES) {
      return refuseToOwners(
        owners,
        '',
        `Your forwarded message was ${(stored.size / 1024 / 1024).toFixed(1)} MB; messages of up to 10 MB are read. Forward the certificate on its own.`,
      );
    }
    const bytes = await storage.get(key);
    if (!bytes) return refused(notStored);
    const { parseMessage } = await import('../inbound/message');
    const message = await parseMessage(bytes);
    const attached = message.attachments.filter((a) => !a.inline).length;
    if (attached > MAX_ATTACHMENTS) {
      return refuseToOwners(
        owners,
        message.subject,
        `Your forwarded message had ${attached} attachments; messages with up to ${MAX_ATTACHMENTS} are read. Forward the certificates in smaller batches.`,
      );
    }
    // Each owner's date is theirs, in the time zone of their settings: the message is read
    // once per date its owners are on (almost always one).
    const now = clock.now();
    const byDay = new Map<string, Certificate[]>();
    const deliveries = [];
    for (const owner of owners) {
      const today = todayIn(owner.time_zone, now);
      let certificates = byDay.get(today);
      if (!certificates) {
        certificates = await certificatesOf(message, today, receipt.messageId);
        byDay.set(today, certificates);
      }
      deliveries.push(await deliver(owner, receipt.messageId, message, certificates));
    }
    logger.info('inbound mail read', {
      messageId: receipt.messageId,
      owners: owners.length,
      proposals: deliveries.reduce((sum, d) => sum + d.proposals, 0),
    });
    return { status: 'processed', deliveries };
  }

  return async (event: unknown): Promise<InboundResult> => {
    const receipt = readReceipt(event);
    // Only SES invokes this: an event of another shape is a fault, retried and then alarmed on.
    if (typeof receipt === 'string') throw new Error(`Inbound: ${receipt}`);
    const key = inboundKey(INBOUND_PREFIX, receipt.messageId);
    // Deleted once read or refused only: after an unexpected failure Lambda's retry reads it again.
    const result = await act(receipt, key);
    await storage.delete([key]);
    return result;
  };
}

/** The handler from the standard dependencies: proposals use OpenAI when a key secret is set. */
export function createInboundHandlerFrom(
  deps: Pick<HandlerDeps, 'db' | 'storage' | 'mailer' | 'clock' | 'config' | 'secrets'>,
) {
  return createInboundHandler({ ...deps, proposer: proposerFor(deps.config, deps.secrets) });
}
