/** How the engine says its figures: numbers, units, periods. */
import { creditUnitLabel } from '../catalogue/units';
import type { CreditUnit } from '../catalogue/types';

/** Up to two decimals, no trailing zeros: 12, 12.5, 0.25. */
export function formatUnits(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** "12 PDUs", "1 CPE", "2.5 CE credits". */
export function unitsOf(value: number, unit: CreditUnit | null): string {
  return `${formatUnits(value)} ${creditUnitLabel(unit ?? 'CPE', value)}`;
}

/** "Education: 20 of 35 PDUs (15 to go)" or "Education: 36 of 35 PDUs, met". */
export function minimumText(
  label: string,
  earned: number,
  required: number,
  unit: CreditUnit | null,
  basis: 'credited' | 'exempt' | 'prorated' | null,
): string {
  if (basis === 'credited') return `${label}: credited by the body to a newly certified holder`;
  if (basis === 'exempt') return `${label}: not required for this period`;
  const of = `${formatUnits(earned)} of ${unitsOf(required, unit)}`;
  const prorated = basis === 'prorated' ? ' (prorated)' : '';
  const left = Math.max(0, required - earned);
  return left > 1e-9
    ? `${label}: ${of}${prorated} (${formatUnits(left)} to go)`
    : `${label}: ${of}${prorated}, met`;
}

/** "Giving Back: 40 PDUs earned, 25 count (cap 25)". */
export function capText(
  label: string,
  raw: number,
  counted: number,
  max: number,
  unit: CreditUnit | null,
): string {
  if (raw - counted > 1e-9) {
    return `${label}: ${unitsOf(raw, unit)} earned, ${formatUnits(counted)} count (cap ${formatUnits(max)})`;
  }
  return `${label}: ${formatUnits(raw)} of at most ${unitsOf(max, unit)}`;
}
