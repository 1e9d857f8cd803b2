import { proposeFromText } from '../proposal/rules';
import { withoutQuotedHeaders } from './forwarded';

const CERTIFICATE = 'has completed Zero Trust 101 on February 26, 2026\n1 CPE credit';

describe('withoutQuotedHeaders', () => {
  it.each([
    [
      'Gmail',
      '---------- Forwarded message ---------\nFrom: ISC2 <certs@isc2.example>\nDate: Thu, Mar 5, 2026 at 9:12 AM\nSubject: Your certificate\nTo: <ada@example.com>\n\n',
    ],
    [
      'Outlook',
      '________________________________\nFrom: ISC2 <certs@isc2.example>\nSent: Thursday, March 5, 2026 9:12 AM\nTo: Ada <ada@example.com>\nSubject: Your certificate\n\n',
    ],
    [
      'Apple Mail',
      'Begin forwarded message:\n\nFrom: ISC2 <certs@isc2.example>\nSubject: Your certificate\n\nDate: 5 March 2026 at 09:12:00 GMT\n\nTo: ada@example.com\n\n',
    ],
  ])('drops the header block %s quotes, so the date is the activity’s', (_, header) => {
    const text = withoutQuotedHeaders(`${header}${CERTIFICATE}`);
    expect(text).not.toMatch(/March 5|Mar 5|5 March/);
    expect(proposeFromText(text, '2026-11-27')).toMatchObject({
      activity_date: '2026-02-26',
      cpe_units: 1,
    });
  });

  it('keeps a certificate’s own Date label, and a text with no header block as it is', () => {
    const labelled = 'Course: Agile Leadership\nProvider: PMI Sydney\nDate: 03/02/2026\nPDUs: 2';
    expect(withoutQuotedHeaders(labelled)).toBe(labelled);
    expect(withoutQuotedHeaders(CERTIFICATE)).toBe(CERTIFICATE);
  });
});
