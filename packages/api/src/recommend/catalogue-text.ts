/**
 * The recommendation answered without an AI key (or when the AI call fails):
 * the built-in catalogue's picks as plain text for the modal.
 */
import {
  type CatalogueEntry,
  type CatalogueRecommendation,
  findCatalogueEntry,
  recommendFromCatalogue,
} from '@cpe/shared';

const UNIT_PLURAL: Record<CatalogueEntry['unit'], string> = {
  CPE: 'CPEs',
  PDU: 'PDUs',
  CEU: 'CEUs',
  ECE: 'ECEs',
};

/** "120 CPEs every 3 years, at least 20 a year" */
export function renewalRule(e: CatalogueEntry): string {
  const every = e.cycleYears === 1 ? 'every year' : `every ${e.cycleYears} years`;
  const annual =
    e.annualMinimum !== null && e.cycleYears > 1 ? `, at least ${e.annualMinimum} a year` : '';
  return `${e.cpeTotal} ${UNIT_PLURAL[e.unit]} ${every}${annual}`;
}

function line(index: number, { entry: e, reason }: CatalogueRecommendation): string {
  const check = e.uncertain ? ` (figures to confirm with ${e.body})` : '';
  return `${index + 1}. ${e.name} (${e.fullName}, ${e.body}): ${renewalRule(e)}${check}. ${reason}`;
}

export function catalogueRecommendationText(heldNames: readonly string[], limit = 3): string {
  const picks = recommendFromCatalogue(heldNames, limit);
  if (picks.length === 0) return 'The built-in catalogue has no further certifications to suggest.';
  const knowsAny = heldNames.some((n) => findCatalogueEntry(n) !== undefined);
  const intro = knowsAny
    ? 'Suggested next certifications, based on the ones you hold:'
    : 'Well-recognised certifications to consider:';
  return [intro, ...picks.map((p, i) => line(i, p))].join('\n');
}
