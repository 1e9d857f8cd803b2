/**
 * Every body's data file, in the order the catalogue lists them. Plain data:
 * importing this module runs no code, so bundles that never read the
 * catalogue drop it.
 */
import type { BodyData } from '../types';
import { ACFE } from './acfe';
import { AWS } from './aws';
import { CA_ANZ } from './ca-anz';
import { CFP_BOARD } from './cfp-board';
import { CISCO } from './cisco';
import { COMPTIA } from './comptia';
import { CPA_CANADA } from './cpa-canada';
import { EC_COUNCIL } from './eccouncil';
import { GIAC } from './giac';
import { GOOGLE_CLOUD } from './google-cloud';
import { HRCI } from './hrci';
import { IAPP } from './iapp';
import { IIA } from './iia';
import { ISACA } from './isaca';
import { ISC2 } from './isc2';
import { LINUX_FOUNDATION } from './linux-foundation';
import { MICROSOFT } from './microsoft';
import { PEOPLECERT } from './peoplecert';
import { PMI } from './pmi';
import { RED_HAT } from './redhat';
import { SCRUM_ALLIANCE } from './scrum-alliance';
import { SHRM } from './shrm';
import { ALABAMA } from './us-cpa/alabama';
import { ARIZONA } from './us-cpa/arizona';
import { CALIFORNIA } from './us-cpa/california';
import { FLORIDA } from './us-cpa/florida';
import { GEORGIA } from './us-cpa/georgia';
import { ILLINOIS } from './us-cpa/illinois';
import { MICHIGAN } from './us-cpa/michigan';
import { NEW_JERSEY } from './us-cpa/new-jersey';
import { NEW_YORK } from './us-cpa/new-york';
import { NORTH_CAROLINA } from './us-cpa/north-carolina';
import { OHIO } from './us-cpa/ohio';
import { PENNSYLVANIA } from './us-cpa/pennsylvania';
import { TEXAS } from './us-cpa/texas';
import { VIRGINIA } from './us-cpa/virginia';
import { WASHINGTON } from './us-cpa/washington';

export const BODIES: readonly BodyData[] = [
  ISC2,
  ISACA,
  COMPTIA,
  PMI,
  GIAC,
  EC_COUNCIL,
  CISCO,
  AWS,
  MICROSOFT,
  GOOGLE_CLOUD,
  LINUX_FOUNDATION,
  RED_HAT,
  IAPP,
  SCRUM_ALLIANCE,
  PEOPLECERT,
  IIA,
  ACFE,
  CFP_BOARD,
  SHRM,
  HRCI,
  // Licences to practise accounting in one jurisdiction.
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
  CPA_CANADA,
  CA_ANZ,
];

/**
 * The most commonly held certifications, most held first: what an empty
 * search offers and how equally good matches are ordered. A curated
 * judgement, not a measurement; entries not listed come after these.
 */
export const MOST_HELD: readonly string[] = [
  'comptia-security-plus',
  'isc2-cissp',
  'pmi-pmp',
  'comptia-a-plus',
  'isaca-cisa',
  'aws-clf',
  'ms-az-900',
  'aws-saa',
  'comptia-network-plus',
  'peoplecert-itil4-foundation',
  'cisco-ccna',
  'isaca-cism',
  'scrum-csm',
  'isc2-cc',
  'ms-az-104',
  'eccouncil-ceh',
  'pmi-capm',
  'isc2-ccsp',
  'iia-cia',
  'shrm-cp',
  'hrci-phr',
  'iapp-cipp-us',
  'comptia-cysa-plus',
  'isaca-crisc',
  'acfe-cfe',
  'cfp-cfp',
  'lf-cka',
  'gcp-ace',
  'giac-gsec',
  'pmi-acp',
];
