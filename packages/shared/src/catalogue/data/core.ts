/**
 * The certification bodies the catalogue started with, in the order it lists
 * them: security, IT and cloud vendors, project and service management,
 * audit, fraud, finance and HR bodies, then the accounting bodies outside
 * the US. Plain data: importing this module runs no code.
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

export const CORE_BODIES: readonly BodyData[] = [
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
  CPA_CANADA,
  CA_ANZ,
];
