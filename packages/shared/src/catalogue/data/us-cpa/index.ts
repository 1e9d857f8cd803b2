/**
 * The US state boards of accountancy, one data file each: every board
 * licenses its CPAs and sets their CPE rules. Plain data: importing this
 * module runs no code.
 */
import type { BodyData } from '../../types';
import { ALABAMA } from './alabama';
import { ARIZONA } from './arizona';
import { CALIFORNIA } from './california';
import { FLORIDA } from './florida';
import { GEORGIA } from './georgia';
import { ILLINOIS } from './illinois';
import { MICHIGAN } from './michigan';
import { NEW_JERSEY } from './new-jersey';
import { NEW_YORK } from './new-york';
import { NORTH_CAROLINA } from './north-carolina';
import { OHIO } from './ohio';
import { PENNSYLVANIA } from './pennsylvania';
import { TEXAS } from './texas';
import { VIRGINIA } from './virginia';
import { WASHINGTON } from './washington';

export const US_CPA_BOARDS: readonly BodyData[] = [
  CALIFORNIA,
  TEXAS,
  FLORIDA,
  NEW_YORK,
  PENNSYLVANIA,
  ILLINOIS,
  OHIO,
  GEORGIA,
  NORTH_CAROLINA,
  MICHIGAN,
  NEW_JERSEY,
  VIRGINIA,
  WASHINGTON,
  ARIZONA,
  ALABAMA,
];
