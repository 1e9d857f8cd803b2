/**
 * Bodies added after the first catalogue: each a data file of its own in
 * this folder, in the order the catalogue lists them: security and IT
 * vendors, agile and quality bodies, then finance, accounting and HR bodies.
 * Plain data: importing this module runs no code.
 */
import type { BodyData } from '../types';
import { ACCA } from './acca';
import { AICPA } from './aicpa';
import { ASIS } from './asis';
import { ASQ } from './asq';
import { CFA_INSTITUTE } from './cfa-institute';
import { CIMA } from './cima';
import { CIPD } from './cipd';
import { CLOUD_SECURITY_ALLIANCE } from './cloud-security-alliance';
import { CPA_AUSTRALIA } from './cpa-australia';
import { FORTINET } from './fortinet';
import { GARP } from './garp';
import { HASHICORP } from './hashicorp';
import { ICAEW } from './icaew';
import { IIBA } from './iiba';
import { IMA } from './ima';
import { IRS } from './irs';
import { JUNIPER } from './juniper';
import { LPI } from './lpi';
import { OFFSEC } from './offsec';
import { PALO_ALTO_NETWORKS } from './palo-alto';
import { PECB } from './pecb';
import { SALESFORCE } from './salesforce';
import { SCALED_AGILE } from './scaled-agile';
import { SCRUM_ORG } from './scrum-org';
import { SERVICENOW } from './servicenow';
import { VMWARE } from './vmware';

export const MORE_BODIES: readonly BodyData[] = [
  OFFSEC,
  CLOUD_SECURITY_ALLIANCE,
  PECB,
  ASIS,
  PALO_ALTO_NETWORKS,
  FORTINET,
  JUNIPER,
  HASHICORP,
  LPI,
  VMWARE,
  SALESFORCE,
  SERVICENOW,
  SCRUM_ORG,
  SCALED_AGILE,
  IIBA,
  ASQ,
  CFA_INSTITUTE,
  GARP,
  IMA,
  AICPA,
  IRS,
  ACCA,
  CIMA,
  ICAEW,
  CPA_AUSTRALIA,
  CIPD,
];
