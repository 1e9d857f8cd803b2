/**
 * POST /api/badges/read (docs/decisions/110): an Open Badge file in, a
 * certification's prefill out; nothing is stored. Served by the
 * certifications function, which loads this module (and with it jose and the
 * XML parser) on the first badge it reads. A lazy module is a bundle of its
 * own (it must not import errors.ts: a second copy of the app's error classes
 * would be missed by the HTTP layer's instanceof), so a refusal comes back as
 * data and the handler raises it as the app's ValidationError.
 */
import type { BadgePrefill, ReadBadgeBody } from '@cpe/shared/schemas';
import { readBadge } from '../badges/read';
import { BadgeRefusal } from '../badges/errors';

export type BadgeReading =
  { prefill: BadgePrefill } | { refusal: { message: string; fields: Record<string, string> } };

export async function readBadgeFile(body: ReadBadgeBody): Promise<BadgeReading> {
  try {
    return { prefill: await readBadge(body.content_base64) };
  } catch (error) {
    if (error instanceof BadgeRefusal) {
      return { refusal: { message: error.message, fields: error.fields } };
    }
    throw error;
  }
}
