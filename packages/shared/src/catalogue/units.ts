/** How a unit reads next to a number: "1 PDU", "60 PDUs", "30 CE credits", "120 CPD hours". */
import type { CreditUnit } from './types';

const PLURAL: Record<CreditUnit, string> = {
  CPE: 'CPEs',
  CEU: 'CEUs',
  PDU: 'PDUs',
  ECE: 'ECEs',
  CE: 'CE credits',
  SEU: 'SEUs',
  PDC: 'PDCs',
  'CPD hours': 'CPD hours',
};

const SINGULAR: Record<CreditUnit, string> = {
  CPE: 'CPE',
  CEU: 'CEU',
  PDU: 'PDU',
  ECE: 'ECE',
  CE: 'CE credit',
  SEU: 'SEU',
  PDC: 'PDC',
  'CPD hours': 'CPD hour',
};

/** The unit's label for `count` credits (plural unless exactly one). */
export function creditUnitLabel(unit: CreditUnit, count = 2): string {
  return count === 1 ? SINGULAR[unit] : PLURAL[unit];
}
