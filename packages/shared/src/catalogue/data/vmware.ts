/**
 * VMware by Broadcom: VCP certifications earned before the VMware Cloud
 * Foundation (VCF) programme no longer need recertification; VCF and
 * vSphere Foundation (VVF) certifications last 36 months and are renewed
 * by passing the current exam.
 */
import type { BodyData, RenewalRule } from '../types';

const EXAM_3Y: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const NO_RECERT: RenewalRule = {
  kind: 'none',
  unit: null,
  total: null,
  cycleMonths: null,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const VMWARE: BodyData = {
  body: 'VMware by Broadcom',
  source: 'https://www.cloudhba.com/Veeam/why-the-VMware-certification-roadmap-changed',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Validity: the 36 months for VCF and VVF certifications (from mid-2025) is from a practitioner's summary of Broadcom's certification paths document, not read first-hand.",
  notes:
    'Since 2024 no course is required before an exam and every VCTA, VCP and VCAP exam costs the same (US$250). VMware dropped mandatory VCP recertification in February 2019; those certifications stay valid but can only be upgraded within a few versions.',
  recommendable: true,
  renewal: EXAM_3Y,
  entries: [
    {
      id: 'vmware-vcp-vcf-admin',
      name: 'VCP-VCF Administrator',
      fullName: 'VMware Certified Professional - VMware Cloud Foundation Administrator',
      aliases: ['VCP VCF Admin', 'VCP-VCF Admin'],
      domains: ['systems', 'cloud'],
      level: 3,
      nextSteps: ['vmware-vcp-vcf-architect'],
    },
    {
      id: 'vmware-vcp-vcf-architect',
      name: 'VCP-VCF Architect',
      fullName: 'VMware Certified Professional - VMware Cloud Foundation Architect',
      aliases: ['VCP VCF Architect'],
      domains: ['systems', 'cloud'],
      level: 4,
      nextSteps: [],
    },
    {
      id: 'vmware-vcp-dcv',
      name: 'VCP-DCV',
      fullName: 'VMware Certified Professional - Data Center Virtualization',
      aliases: ['VCP DCV', 'VMware VCP'],
      domains: ['systems'],
      level: 3,
      nextSteps: ['vmware-vcp-vcf-admin'],
      renewal: NO_RECERT,
      notes:
        'The Data Center Virtualization track is being retired in favour of VCF and VVF certifications.',
    },
  ],
};
