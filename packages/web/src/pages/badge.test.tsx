import { screen, waitFor } from '@testing-library/react';
import type { BadgePrefill } from '@cpe/shared/schemas';
import { certification, currentPath, entry, fakeApi, renderApp } from '../test/harness';
import { badgeValues } from './AddCertification';

// Whole forms typed key by key: slower than jest's default allows on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const badgeFile = (bytes = '{"type":"Assertion"}', name = 'badge.json') =>
  new File([bytes], name, { type: 'application/json' });

const cisspBadge: BadgePrefill = {
  format: 'ob2-png',
  certification_name: 'CISSP - Certified Information Systems Security Professional',
  issuer: 'ISC2',
  catalogue_id: 'isc2-cissp',
  earned_date: '2024-03-15',
  expiry_date: null,
  verification_link: 'https://badges.example.org/assertions/1',
  verified: false,
  verification:
    'A hosted assertion: it is verified by fetching its URL from the issuer, which is not done here.',
};

describe('Add Certification from a badge', () => {
  it('replaces what was typed with the badge, takes the expiry from the catalogue cycle when the badge has none, and saves on Submit', async () => {
    const api = fakeApi({
      readBadge: jest.fn().mockResolvedValue(cisspBadge),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      createCertification: jest.fn().mockResolvedValue(certification()),
    });
    const { user } = renderApp({ route: '/addcertification', api });
    const name = await screen.findByRole('combobox', { name: 'Certification Name' });
    await user.type(name, 'Something else');

    await user.upload(screen.getByLabelText('Add from a badge'), badgeFile());

    expect(
      await screen.findByText(
        'Filled in from badge.json. The badge could not be verified: A hosted assertion: it is verified by fetching its URL from the issuer, which is not done here. Check every field before submitting.',
      ),
    ).toBeInTheDocument();
    expect(api.readBadge).toHaveBeenCalledWith({
      file_name: 'badge.json',
      content_base64: btoa('{"type":"Assertion"}'),
    });
    expect(screen.getByRole('combobox', { name: 'Certification Name' })).toHaveValue(
      cisspBadge.certification_name,
    );
    expect(screen.getByLabelText(/Earned Date/)).toHaveValue('2024-03-15');
    // ISC2's cycle: from the first of the next month to a month's end three years on.
    expect(screen.getByLabelText(/Expiry Date/)).toHaveValue('2027-03-31');
    expect(screen.getByLabelText(/Verification Link/)).toHaveValue(cisspBadge.verification_link);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createCertification).toHaveBeenCalledWith(
      expect.objectContaining({
        certification_name: cisspBadge.certification_name,
        catalogue_id: 'isc2-cissp',
        earned_date: '2024-03-15',
        expiry_date: '2027-03-31',
        verification_link: cisspBadge.verification_link,
      }),
    );
  });

  it('takes a badge renewed since its issue as its current cycle, first certified on the issue date', () => {
    const pmp = { ...cisspBadge, catalogue_id: 'pmi-pmp', certification_name: 'PMP' };
    const read = (badge: BadgePrefill) => ({
      fileName: 'b.json',
      prefill: badge,
      entry: entry('pmi-pmp'),
    });

    // Issued 2018, expiring 2027: the PMP cycle counting now is the three years to that expiry.
    expect(
      badgeValues(read({ ...pmp, earned_date: '2018-03-01', expiry_date: '2027-02-28' })),
    ).toMatchObject({
      earned_date: '2024-03-01',
      expiry_date: '2027-02-28',
      certified_on: '2018-03-01',
    });
    // A badge of a first cycle stays as issued.
    expect(
      badgeValues(read({ ...pmp, earned_date: '2024-03-01', expiry_date: '2027-02-28' })),
    ).toMatchObject({ earned_date: '2024-03-01', expiry_date: '2027-02-28', certified_on: '' });
    // Expiring on its anniversary, a day after the first cycle's last: still the first cycle.
    expect(
      badgeValues(read({ ...pmp, earned_date: '2024-03-10', expiry_date: '2027-03-10' })),
    ).toMatchObject({ earned_date: '2024-03-10', expiry_date: '2027-03-10', certified_on: '' });
  });

  it('refuses an empty file before sending it, saying it is empty', async () => {
    const api = fakeApi({ readBadge: jest.fn() });
    const { user } = renderApp({ route: '/addcertification', api });
    await user.upload(await screen.findByLabelText('Add from a badge'), badgeFile('', 'blank.png'));
    expect(
      await screen.findByText('blank.png is empty: it is not a badge we can read.'),
    ).toBeInTheDocument();
    expect(api.readBadge).not.toHaveBeenCalled();
  });

  it('refuses a file over 512 KB before sending it', async () => {
    const api = fakeApi({ readBadge: jest.fn() });
    const { user } = renderApp({ route: '/addcertification', api });
    await user.upload(
      await screen.findByLabelText('Add from a badge'),
      badgeFile('x'.repeat(512 * 1024 + 1), 'huge.png'),
    );
    expect(
      await screen.findByText('huge.png is larger than 512 KB: it is not a badge we can read.'),
    ).toBeInTheDocument();
    expect(api.readBadge).not.toHaveBeenCalled();
  });
});
