/**
 * The recommendation answered without an AI key (or when the AI call fails):
 * the built-in catalogue's picks as plain text for the modal.
 */
import {
  type CatalogueEntry,
  type CatalogueRecommendation,
  creditUnitLabel,
  findCatalogueEntry,
  recommendFromCatalogue,
} from '@cpe/shared';

/** "every year", "every 3 years", "every 18 months" */
function every(months: number): string {
  if (months === 12) return 'every year';
  if (months % 12 === 0) return `every ${months / 12} years`;
  return `every ${months} months`;
}

/**
 * How the entry renews, in a few words: "120 CPEs every 3 years, at least 20 a
 * year", "re-examination every 3 years", "a free renewal assessment every
 * year", "no renewal needed".
 */
export function renewalRule(e: CatalogueEntry): string {
  const r = e.renewal;
  if (r.kind === 'none' || r.cycleMonths === null) return 'no renewal needed';
  if (r.kind === 'exam') return `re-examination ${every(r.cycleMonths)}`;
  if (r.kind === 'assessment') {
    const free = r.fee?.amount === 0 ? 'free ' : '';
    return `a ${free}renewal assessment ${every(r.cycleMonths)}`;
  }
  if (r.total === null || r.unit === null) return `renewal ${every(r.cycleMonths)}`;
  const annual =
    r.annualMinimum !== null && r.cycleMonths > 12 ? `, at least ${r.annualMinimum} a year` : '';
  return `${r.total} ${creditUnitLabel(r.unit, r.total)} ${every(r.cycleMonths)}${annual}`;
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
