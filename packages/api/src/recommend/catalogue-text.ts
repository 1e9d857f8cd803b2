/**
 * The catalogue as the recommender uses it: the offline answer (the built-in
 * catalogue's picks as plain text for the modal, and their ids), the entries
 * the AI prompt is given to prefer, and the entries an AI answer names. One
 * module, loaded lazily (recommender.ts), so the catalogue's data is loaded
 * once, and only by a container that recommends.
 */
import {
  type CatalogueEntry,
  type CatalogueRecommendation,
  type HeldCertification,
  catalogueEntries,
  creditUnitLabel,
  heldEntry,
  recommendFromCatalogue,
} from '@cpe/shared';
import type { PromptEntry } from './prompt';

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
    const free = r.fees.some((f) => f.kind === 'renewal' && f.amount === 0) ? 'free ' : '';
    return `a ${free}renewal assessment ${every(r.cycleMonths)}`;
  }
  if (r.total === null || r.unit === null) return `renewal ${every(r.cycleMonths)}`;
  const annual =
    r.annualMinimum !== null && r.cycleMonths > 12 ? `, at least ${r.annualMinimum} a year` : '';
  const rolling = r.rolling
    ? `, ${r.rolling.total} in any ${every(r.rolling.months).slice(6)}`
    : '';
  return `${r.total} ${creditUnitLabel(r.unit, r.total)} ${every(r.cycleMonths)}${annual}${rolling}`;
}

function line(index: number, { entry: e, reason }: CatalogueRecommendation): string {
  const check = e.uncertain ? ` (figures to confirm with ${e.body})` : '';
  return `${index + 1}. ${e.name} (${e.fullName}, ${e.body}): ${renewalRule(e)}${check}. ${reason}`;
}

function answerText(held: readonly HeldCertification[], picks: CatalogueRecommendation[]): string {
  if (picks.length === 0) return 'The built-in catalogue has no further certifications to suggest.';
  const knowsAny = held.some((h) => heldEntry(h) !== undefined);
  const intro = knowsAny
    ? 'Suggested next certifications, based on the ones you hold:'
    : 'Well-recognised certifications to consider:';
  return [intro, ...picks.map((p, i) => line(i, p))].join('\n');
}

export function catalogueRecommendationText(held: readonly HeldCertification[], limit = 3): string {
  return answerText(held, recommendFromCatalogue(held, limit));
}

/** The offline answer: its text, and the ids of the entries it recommends, in the same order. */
export function catalogueRecommendation(
  held: readonly HeldCertification[],
  limit = 3,
): { text: string; entries: string[] } {
  const picks = recommendFromCatalogue(held, limit);
  return { text: answerText(held, picks), entries: picks.map((p) => p.entry.id) };
}

/** How many entries the prompt offers the model: a few more than it is asked to recommend. */
export const PROMPT_ENTRY_COUNT = 6;

/**
 * The catalogue entries the AI prompt offers (prompt.ts): the offline
 * recommender's own choice, widened (the next steps of what the user holds,
 * then entries in the same fields, then well-known starting points).
 */
export function promptEntries(
  held: readonly HeldCertification[],
  limit = PROMPT_ENTRY_COUNT,
): { entries: CatalogueEntry[]; prompt: PromptEntry[] } {
  const entries = recommendFromCatalogue(held, limit).map((p) => p.entry);
  return {
    entries,
    prompt: entries.map((e) => ({
      name: e.name,
      fullName: e.fullName,
      body: e.body,
      renewal: renewalRule(e),
      ...(e.uncertain ? { uncertain: true as const } : {}),
    })),
  };
}

/** The most entries an answer offers to add. */
export const MAX_NAMED_ENTRIES = 5;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where `phrase` first stands as a whole in `text` (not inside a longer name:
 * "CISSP" is not found in "CISSP-ISSAP", nor "Security+" in "Security+X"), or -1.
 */
function firstMention(text: string, phrase: string, flags: string): number {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}+/-])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}+/-])`,
    `u${flags}`,
  );
  return pattern.exec(text)?.index ?? -1;
}

/**
 * Two or three capitals ("CIA", "CSM", "ACE") are words too: the CIA triad
 * is not a recommendation of the Certified Internal Auditor. Such names count
 * only for the entries the prompt offered, where the model was asked to use them.
 */
const AMBIGUOUS_NAME = /^[A-Z]{2,3}$/;

/**
 * The catalogue entries an AI answer recommends, in the order its text first
 * names them: by abbreviation (exact case) or full name (any case), never one
 * the user already holds nor one the catalogue never recommends (a licence to
 * practise in one place), at most MAX_NAMED_ENTRIES.
 */
export function entriesNamedIn(
  text: string,
  holds: readonly HeldCertification[],
  offered: readonly CatalogueEntry[] = [],
): string[] {
  const held = new Set(holds.map((h) => heldEntry(h)?.id));
  const found: { id: string; at: number }[] = [];
  for (const entry of catalogueEntries()) {
    if (held.has(entry.id) || !entry.recommendable) continue;
    const byName =
      AMBIGUOUS_NAME.test(entry.name) && !offered.includes(entry)
        ? -1
        : firstMention(text, entry.name, '');
    const byFullName = firstMention(text, entry.fullName, 'i');
    const at = [byName, byFullName].filter((i) => i >= 0);
    if (at.length > 0) found.push({ id: entry.id, at: Math.min(...at) });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_NAMED_ENTRIES)
    .map((f) => f.id);
}
