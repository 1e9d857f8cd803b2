/**
 * The boards of accountancy of the 55 US CPA jurisdictions (the 50 states,
 * the District of Columbia, Puerto Rico, Guam, the US Virgin Islands and
 * the Northern Mariana Islands), one data file each: every board licenses
 * its CPAs and sets their CPE rules. Listed by number of licensed CPAs,
 * largest first (approximate). Plain data: importing this module runs no code.
 */
import type { BodyData } from '../../types';
import { ALABAMA } from './alabama';
import { ALASKA } from './alaska';
import { ARIZONA } from './arizona';
import { ARKANSAS } from './arkansas';
import { CALIFORNIA } from './california';
import { COLORADO } from './colorado';
import { CONNECTICUT } from './connecticut';
import { DELAWARE } from './delaware';
import { DISTRICT_OF_COLUMBIA } from './district-of-columbia';
import { FLORIDA } from './florida';
import { GEORGIA } from './georgia';
import { GUAM } from './guam';
import { HAWAII } from './hawaii';
import { IDAHO } from './idaho';
import { ILLINOIS } from './illinois';
import { INDIANA } from './indiana';
import { IOWA } from './iowa';
import { KANSAS } from './kansas';
import { KENTUCKY } from './kentucky';
import { LOUISIANA } from './louisiana';
import { MAINE } from './maine';
import { MARYLAND } from './maryland';
import { MASSACHUSETTS } from './massachusetts';
import { MICHIGAN } from './michigan';
import { MINNESOTA } from './minnesota';
import { MISSISSIPPI } from './mississippi';
import { MISSOURI } from './missouri';
import { MONTANA } from './montana';
import { NEBRASKA } from './nebraska';
import { NEVADA } from './nevada';
import { NEW_HAMPSHIRE } from './new-hampshire';
import { NEW_JERSEY } from './new-jersey';
import { NEW_MEXICO } from './new-mexico';
import { NEW_YORK } from './new-york';
import { NORTH_CAROLINA } from './north-carolina';
import { NORTH_DAKOTA } from './north-dakota';
import { NORTHERN_MARIANA_ISLANDS } from './northern-mariana-islands';
import { OHIO } from './ohio';
import { OKLAHOMA } from './oklahoma';
import { OREGON } from './oregon';
import { PENNSYLVANIA } from './pennsylvania';
import { PUERTO_RICO } from './puerto-rico';
import { RHODE_ISLAND } from './rhode-island';
import { SOUTH_CAROLINA } from './south-carolina';
import { SOUTH_DAKOTA } from './south-dakota';
import { TENNESSEE } from './tennessee';
import { TEXAS } from './texas';
import { UTAH } from './utah';
import { VERMONT } from './vermont';
import { VIRGIN_ISLANDS } from './virgin-islands';
import { VIRGINIA } from './virginia';
import { WASHINGTON } from './washington';
import { WEST_VIRGINIA } from './west-virginia';
import { WISCONSIN } from './wisconsin';
import { WYOMING } from './wyoming';

export const US_CPA_BOARDS: readonly BodyData[] = [
  CALIFORNIA,
  TEXAS,
  NEW_YORK,
  FLORIDA,
  ILLINOIS,
  PENNSYLVANIA,
  OHIO,
  NEW_JERSEY,
  GEORGIA,
  NORTH_CAROLINA,
  VIRGINIA,
  MASSACHUSETTS,
  MICHIGAN,
  WASHINGTON,
  MINNESOTA,
  COLORADO,
  MARYLAND,
  MISSOURI,
  TENNESSEE,
  ARIZONA,
  INDIANA,
  WISCONSIN,
  ALABAMA,
  SOUTH_CAROLINA,
  KENTUCKY,
  LOUISIANA,
  PUERTO_RICO,
  OKLAHOMA,
  OREGON,
  CONNECTICUT,
  IOWA,
  UTAH,
  KANSAS,
  ARKANSAS,
  MISSISSIPPI,
  NEVADA,
  NEBRASKA,
  DISTRICT_OF_COLUMBIA,
  HAWAII,
  NEW_MEXICO,
  IDAHO,
  WEST_VIRGINIA,
  NEW_HAMPSHIRE,
  MAINE,
  RHODE_ISLAND,
  DELAWARE,
  MONTANA,
  SOUTH_DAKOTA,
  NORTH_DAKOTA,
  ALASKA,
  VERMONT,
  WYOMING,
  GUAM,
  VIRGIN_ISLANDS,
  NORTHERN_MARIANA_ISLANDS,
];
