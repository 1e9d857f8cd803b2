/** A typical certificate of completion as text, for the proposal tests. */
export const CERTIFICATE_TEXT = [
  'Certificate of Completion',
  'This certifies that',
  'Ada Lovelace',
  'has successfully completed',
  'Zero Trust Architecture in Practice',
  'Presented by Cloud Security Alliance',
  'May 14, 2026',
  '4 CPE hours',
].join('\n');
