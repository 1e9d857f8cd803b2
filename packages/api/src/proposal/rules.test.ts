import { CERTIFICATE_TEXT } from './fixtures';
import { datesIn, proposeFromText } from './rules';

const TODAY = '2026-06-01';

describe('proposeFromText', () => {
  it('reads a typical certificate of completion', () => {
    expect(proposeFromText(CERTIFICATE_TEXT, TODAY)).toEqual({
      activity_name: 'Zero Trust Architecture in Practice',
      provider: 'Cloud Security Alliance',
      activity_date: '2026-05-14',
      cpe_units: 4,
      description: 'Zero Trust Architecture in Practice, Cloud Security Alliance',
    });
  });

  it('reads labelled fields and other unit wordings', () => {
    expect(
      proposeFromText(
        'Course: Agile Leadership\nProvider: PMI Sydney\nDate: 03/02/2026\nPDUs: 2',
        TODAY,
      ),
    ).toMatchObject({
      activity_name: 'Agile Leadership',
      provider: 'PMI Sydney',
      activity_date: '2026-02-03',
      cpe_units: 2,
    });
    expect(proposeFromText('You have been awarded 3.5 CPE credits', TODAY).cpe_units).toBe(3.5);
    expect(proposeFromText('CPE hours earned: 6', TODAY).cpe_units).toBe(6);
    expect(proposeFromText('awarded 1,5 CPE', TODAY).cpe_units).toBe(1.5);
  });

  it('takes no units from the end of a word, a longer number or the line before', () => {
    const units = (text: string) => proposeFromText(text, TODAY).cpe_units;
    expect(units('ISC2 CPE credits: 1.5')).toBe(1.5);
    expect(units('Course: Incident Response Part 2\nCPE Credits: 1.5')).toBe(1.5);
    expect(units('Session 3\nCPE: 1')).toBe(1);
    // The number before "ISC2" is not beside a unit: better none than the 2 of ISC2.
    expect(units('Approved for 1 ISC2 CPE credit')).toBeUndefined();
    expect(units('Reference 12345 CPE')).toBeUndefined();
    expect(units('Worth\n4 CPE hours')).toBe(4);
  });

  it('takes the title from a "completed" line and the date before any expiry', () => {
    const proposal = proposeFromText(
      'Ada Lovelace has completed Incident Response Fundamentals on 2026-04-02\nValid until 2029-04-02',
      TODAY,
    );
    expect(proposal.activity_name).toBe('Incident Response Fundamentals');
    expect(proposal.activity_date).toBe('2026-04-02');
  });

  it('takes the title after "completed" on its own line, never the holder or the kind of activity', () => {
    const title = (text: string) => proposeFromText(text, TODAY).activity_name;
    const certificate = (...middle: string[]) =>
      [
        'Certificate of Completion',
        'This certifies that',
        'Alexandra Konstantinopoulou',
        ...middle,
        'May 14, 2026',
      ].join('\n');
    expect(title(certificate('has successfully completed', 'Cloud Basics'))).toBe('Cloud Basics');
    expect(title(certificate('has successfully completed the course', 'Cloud Basics'))).toBe(
      'Cloud Basics',
    );
    expect(title(certificate('attended the webinar', 'Cloud Basics'))).toBe('Cloud Basics');
    expect(title('has completed the course entitled Cloud Basics')).toBe('Cloud Basics');
    expect(title('has completed the online course: Cloud Basics')).toBe('Cloud Basics');
    // A title that starts with a kind of activity keeps it.
    expect(title('Ada has completed Workshop in Threat Modelling')).toBe(
      'Workshop in Threat Modelling',
    );
  });

  it('proposes nothing from text that is no certificate', () => {
    expect(proposeFromText('Invoice 2231\nTotal due: 120.00', TODAY)).toEqual({});
  });
});

describe('datesIn', () => {
  it('reads ISO, month-name and numeric dates in order', () => {
    expect(
      datesIn('2026-01-05, 14 May 2026, 3rd of March, 2025, Dec. 1 2024, 25/12/2025, 12/25/2025'),
    ).toEqual(['2026-01-05', '2026-05-14', '2025-03-03', '2024-12-01', '2025-12-25', '2025-12-25']);
  });

  it('skips dates that do not exist', () => {
    expect(datesIn('2026-02-30 and 31/04/2026')).toEqual([]);
  });
});
