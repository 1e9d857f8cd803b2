/**
 * Bodies added after the first catalogue: each a data file of its own in
 * this folder. Plain data: importing this module runs no code.
 */
import type { BodyData } from '../types';

export const MORE_BODIES: readonly BodyData[] = [];
