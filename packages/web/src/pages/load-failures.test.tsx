import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { USER, activity, certification, fakeApi, renderApp } from '../test/harness';

const serverError = () => new ApiError(500, 'Internal server error');

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('a form whose record did not load is never submittable', () => {
  it('Update Certification: a 500 shows the error and Retry, and no form to save blanks with', async () => {
    const cert = certification({ certification_name: 'CISA', cpe_needed: 40 });
    const api = fakeApi({
      getCertification: jest.fn().mockRejectedValueOnce(serverError()).mockResolvedValue(cert),
      updateCertification: jest.fn(),
    });
    const { user } = renderApp({ route: `/updatecertification/${cert.certification_id}`, api });

    const alert = await screen.findByText(
      'We could not load this certification. Please try again.',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();

    await user.click(
      within(alert.closest('.alert') as HTMLElement).getByRole('button', { name: 'Retry' }),
    );

    expect(await screen.findByDisplayValue('CISA')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'CPE Needed' })).toHaveValue(40);
    expect(screen.queryByText(/could not load/)).not.toBeInTheDocument();
    expect(api.updateCertification).not.toHaveBeenCalled();
  });

  it('Update Activity: a 500 shows Retry and no form', async () => {
    const existing = { ...activity({ activity_name: 'Course' }), user_id: USER.user_id };
    const api = fakeApi({
      getActivity: jest.fn().mockRejectedValueOnce(serverError()).mockResolvedValue(existing),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: `/updateactivity/${existing.activity_id}`, api });

    await screen.findByText('We could not load this page. Please try again.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByDisplayValue('Course')).toBeInTheDocument();
  });

  it('Add Activity for a certification: a failed load offers Retry and no form', async () => {
    const cert = certification({ certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest
        .fn()
        .mockRejectedValueOnce(new ApiError(0, 'offline'))
        .mockResolvedValue([cert]),
    });
    const { user } = renderApp({ route: `/addactivity/${cert.certification_id}`, api });

    await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('For CISSP')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('My Certifications: a failed list offers Retry, which loads it', async () => {
    const api = fakeApi({
      listCertifications: jest
        .fn()
        .mockRejectedValueOnce(serverError())
        .mockResolvedValue([certification({ certification_name: 'PMP' })]),
    });
    const { user } = renderApp({ route: '/mycertifications', api });

    await user.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('article', { name: 'PMP' })).toBeInTheDocument();
  });

  it('an answer for the previous record, arriving late, never fills the form of the next one', async () => {
    const answers = new Map<string, (c: unknown) => void>();
    const api = fakeApi({
      getCertification: jest.fn((id: string) => new Promise((resolve) => answers.set(id, resolve))),
    });
    const { router } = renderApp({ route: '/updatecertification/first', api });
    await waitFor(() => expect(answers.has('first')).toBe(true));

    await act(() => router.navigate('/updatecertification/second'));
    await waitFor(() => expect(answers.has('second')).toBe(true));
    act(() => answers.get('second')?.(certification({ certification_name: 'Second' })));
    expect(await screen.findByDisplayValue('Second')).toBeInTheDocument();
    act(() => answers.get('first')?.(certification({ certification_name: 'First' })));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByDisplayValue('First')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Second')).toBeInTheDocument();
  });
});
