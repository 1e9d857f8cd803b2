import { addMonthsIso } from '../dates';

/**
 * When a certification earned on `earnedDate` expires if its cycle is
 * `cycleMonths` long (ISO YYYY-MM-DD): the same day that many calendar months
 * later, or the month's last day when it has no such day. The form prefills
 * expiry with it; the user may still change it (bodies that align cycles to
 * calendar years or birth months say so in the entry's notes).
 */
export function expiryFromEarned(earnedDate: string, cycleMonths: number): string {
  if (!Number.isInteger(cycleMonths) || cycleMonths < 1) {
    throw new RangeError(`a cycle is a positive whole number of months, not ${cycleMonths}`);
  }
  return addMonthsIso(earnedDate, cycleMonths);
}
