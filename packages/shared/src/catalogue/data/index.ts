/**
 * Every body's data file, in groups, in the order the catalogue lists them.
 * Plain data: importing this module runs no code, so bundles that never read
 * the catalogue drop it; entries.ts flattens the groups on first use.
 */
import type { BodyData } from '../types';
import { CORE_BODIES } from './core';
import { MORE_BODIES } from './more';
import { US_CPA_BOARDS } from './us-cpa';

export const BODY_GROUPS: readonly (readonly BodyData[])[] = [
  CORE_BODIES,
  MORE_BODIES,
  // Licences to practise accounting in one US jurisdiction.
  US_CPA_BOARDS,
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
  'peoplecert-prince2-foundation',
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
  'scrum-cspo',
  'ms-az-204',
  'giac-gsec',
  'pmi-acp',
  'comptia-pentest-plus',
  'aws-dva',
  'shrm-scp',
  'hrci-sphr',
  'redhat-rhcsa',
  'comptia-linux-plus',
  'ms-pl-300',
];
