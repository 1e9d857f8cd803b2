/**
 * POST /api/badges/read (docs/decisions/110, 121): an Open Badge file in, a
 * certification's prefill out; nothing is stored. What the badge names is
 * fetched through the egress guard (badges/egress.ts). Served by the
 * certifications function, which loads this module (and with it jose and the
 * XML parser) on the first badge it reads. A lazy module is a bundle of its
 * own (it must not import errors.ts: a second copy of the app's error classes
 * would be missed by the HTTP layer's instanceof), so a refusal comes back as
 * data and the handler raises it as the app's ValidationError.
 */
import type { BadgePrefill, ReadBadgeBody } from '@cpe/shared/schemas';
import type { ApiConfig } from '../config';
import { DEFAULT_EGRESS_POLICY, type Egress, createEgress } from '../badges/egress';
import { readBadge } from '../badges/read';
import { BadgeRefusal } from '../badges/errors';

export type BadgeReading =
  { prefill: BadgePrefill } | { refusal: { message: string; fields: Record<string, string> } };

let egress: { allowLoopback: boolean; egress: Egress } | undefined;

/** The egress guard the settings ask for, made once per container. */
function egressFor(config: Pick<ApiConfig, 'BADGE_FETCH_ALLOW_LOOPBACK'>): Egress {
  const allowLoopback = config.BADGE_FETCH_ALLOW_LOOPBACK;
  if (egress?.allowLoopback !== allowLoopback) {
    egress = {
      allowLoopback,
      egress: createEgress({ ...DEFAULT_EGRESS_POLICY, allowLoopbackHttp: allowLoopback }),
    };
  }
  return egress.egress;
}

export async function readBadgeFile(
  body: ReadBadgeBody,
  config: Pick<ApiConfig, 'BADGE_FETCH_ALLOW_LOOPBACK'>,
): Promise<BadgeReading> {
  try {
    return { prefill: await readBadge(body.content_base64, { egress: egressFor(config) }) };
  } catch (error) {
    if (error instanceof BadgeRefusal) {
      return { refusal: { message: error.message, fields: error.fields } };
    }
    throw error;
  }
}
