import { screen, waitFor, within } from '@testing-library/react';
import { ReportDownloads } from '../components/ReportDownloads';
import {
  activity,
  certification,
  currentPath,
  fakeApi,
  proofFile,
  renderApp,
} from '../test/harness';

// Whole forms typed key by key: slower than jest's default allows on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const cissp = certification({ certification_name: 'CISSP' });
const upload = { upload_id: 'u-1', url: 'https://bucket.example.com', fields: {}, expires_at: 'x' };
const pdf = () => new File(['%PDF-1.7'], 'summit.pdf', { type: 'application/pdf' });

describe('Add from a certificate', () => {
  it('fills the form from the certificate, saves only on confirmation, then attaches the certificate', async () => {
    const created = activity({ certification_id: cissp.certification_id });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      uploadFile: jest.fn().mockResolvedValue(upload),
      proposeActivity: jest.fn().mockResolvedValue({
        activity_name: 'Zero Trust in Practice',
        provider: 'Cloud Security Alliance',
        activity_date: '2025-05-14',
        cpe_units: 4,
      }),
      createActivity: jest.fn().mockResolvedValue(created),
      attachFile: jest.fn().mockResolvedValue(proofFile()),
    });
    const { user } = renderApp({ route: '/addfromcertificate', api });

    await user.upload(await screen.findByLabelText('Certificate'), pdf());

    expect(await screen.findByDisplayValue('Zero Trust in Practice')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Provider' })).toHaveValue(
      'Cloud Security Alliance',
    );
    expect(screen.getByRole('spinbutton', { name: 'CPE Units' })).toHaveValue(4);
    expect(api.proposeActivity).toHaveBeenCalledWith('u-1');
    expect(api.createActivity).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('spinbutton', { name: 'CPE Units' }));
    await user.type(screen.getByRole('spinbutton', { name: 'CPE Units' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save Activity' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createActivity).toHaveBeenCalledWith(
      expect.objectContaining({
        certification_id: cissp.certification_id,
        activity_name: 'Zero Trust in Practice',
        activity_date: '2025-05-14',
        cpe_units: '3',
      }),
    );
    expect(api.attachFile).toHaveBeenCalledWith(created.activity_id, 'u-1');
  });

  it('says when nothing could be read, and leaves the form empty to fill in', async () => {
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      uploadFile: jest.fn().mockResolvedValue(upload),
      proposeActivity: jest.fn().mockResolvedValue({}),
    });
    const { user } = renderApp({ route: '/addfromcertificate', api });

    await user.upload(await screen.findByLabelText('Certificate'), pdf());

    expect(await screen.findByText(/could not read an activity/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name$/ })).toHaveValue('');
  });

  it('refuses a file that is no certificate before uploading it', async () => {
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([cissp]) });
    const { user } = renderApp({ route: '/addfromcertificate', api });

    await user.upload(
      await screen.findByLabelText('Certificate'),
      new File([new Uint8Array(11 * 1024 * 1024)], 'huge.pdf', { type: 'application/pdf' }),
    );

    expect(await screen.findByText(/huge\.pdf is larger than 10 MB/)).toBeInTheDocument();
    expect(api.uploadFile).not.toHaveBeenCalled();
  });
});

describe('report downloads', () => {
  it('saves a file under its name, opens a link, and says when a report failed', async () => {
    const createObjectURL = jest.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const download = jest
      .fn()
      .mockResolvedValueOnce({ kind: 'file', blob: new Blob(['a,b']), fileName: 'cissp.csv' })
      .mockResolvedValueOnce({ kind: 'url', url: 'https://bucket.example.com/packet.zip' })
      .mockRejectedValueOnce(new Error('boom'));
    const { user } = renderApp({
      element: <ReportDownloads label="CISSP" download={download} />,
    });
    const group = screen.getByRole('group', { name: 'Reports for CISSP' });

    await user.click(within(group).getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(clicked).toEqual(['blob:report cissp.csv']));
    await user.click(within(group).getByRole('button', { name: 'Audit packet (ZIP)' }));
    await waitFor(() => expect(clicked).toContain('https://bucket.example.com/packet.zip '));
    await user.click(within(group).getByRole('button', { name: 'PDF' }));

    expect(
      await screen.findByText('The PDF report could not be made. Please try again.'),
    ).toBeInTheDocument();
    expect(download.mock.calls.map((c: unknown[]) => c[0])).toEqual(['csv', 'zip', 'pdf']);
  });
});
