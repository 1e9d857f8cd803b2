import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api/client';
import { CERTIFICATION_GONE_TEXT } from './ActivityForm';
import {
  USER,
  activity,
  certification,
  currentPath,
  fakeApi,
  notFound,
  renderApp,
} from '../test/harness';

// The certification name is a combobox over the catalogue; the other text fields are textboxes.
const field = (name: string) =>
  screen.getByRole(name === 'Certification Name' ? 'combobox' : 'textbox', { name });
const dateField = (name: string) => screen.getByLabelText(new RegExp(`^(\\* )?${name}$`));

describe('Add Certification', () => {
  it('marks the mandatory fields and checks them with the shared schema before sending', async () => {
    const api = fakeApi();
    const { user } = renderApp({ route: '/addcertification', api });
    await screen.findByRole('heading', { level: 1, name: 'Add Certification' });

    expect(field('Certification Name')).toBeRequired();
    await user.type(screen.getByRole('textbox', { name: 'Verification Link' }), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Certification Name is required')).toBeInTheDocument();
    expect(screen.getByText('Earned Date is required')).toBeInTheDocument();
    expect(screen.getByText(/^Verification Link must be an http\(s\) link/)).toBeInTheDocument();
    expect(api.createCertification).not.toHaveBeenCalled();
  });

  it('sends empty CPEs needed and expiry as null, with the user id, then goes to the list', async () => {
    const api = fakeApi({
      createCertification: jest.fn().mockResolvedValue(certification()),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: '/addcertification', api });
    await screen.findByRole('heading', { name: 'Add Certification' });

    await user.type(field('Certification Name'), 'CISSP');
    await user.type(dateField('Earned Date'), '2024-02-03');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createCertification).toHaveBeenCalledWith({
      certification_name: 'CISSP',
      earned_date: '2024-02-03',
      cpe_needed: null,
      expiry_date: null,
      verification_link: null,
      // Typed, not picked from the catalogue: a custom certification with no rules of its own.
      catalogue_id: null,
      unit: null,
      cycle_months: null,
      annual_minimum: null,
      member_id: null,
      // Left empty: a first cycle (the API stores the earned date).
      certified_on: null,
      user_id: USER.user_id,
    });
  });

  it('sends the day first certified for a certification renewed before, and refuses one after the earned date', async () => {
    const api = fakeApi({
      createCertification: jest.fn().mockResolvedValue(certification()),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: '/addcertification', api });
    await screen.findByRole('heading', { name: 'Add Certification' });

    await user.type(field('Certification Name'), 'CISSP');
    await user.type(dateField('Earned Date'), '2024-02-03');
    await user.type(dateField('First Certified'), '2024-03-01');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('First Certified must not be after earned_date'),
    ).toBeInTheDocument();
    expect(api.createCertification).not.toHaveBeenCalled();

    await user.clear(dateField('First Certified'));
    await user.type(dateField('First Certified'), '2015-06-01');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createCertification).toHaveBeenCalledWith(
      expect.objectContaining({ earned_date: '2024-02-03', certified_on: '2015-06-01' }),
    );
  });

  it('sends the member ID typed, for the audit reports', async () => {
    const api = fakeApi({
      createCertification: jest.fn().mockResolvedValue(certification()),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: '/addcertification', api });
    await screen.findByRole('heading', { name: 'Add Certification' });

    await user.type(field('Certification Name'), 'CISSP');
    await user.type(dateField('Earned Date'), '2024-02-03');
    await user.type(field('Member ID'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createCertification).toHaveBeenCalledWith(
      expect.objectContaining({ certification_name: 'CISSP', member_id: '123456' }),
    );
  });

  it("shows the API's 400 messages next to their fields and stays", async () => {
    const api = fakeApi({
      createCertification: jest.fn().mockRejectedValue(
        new ApiError(400, 'Invalid request', {
          certification_name: 'certification_name is already used',
        }),
      ),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/addcertification', api });
    await screen.findByRole('heading', { name: 'Add Certification' });

    await user.type(field('Certification Name'), 'CISSP');
    await user.type(dateField('Earned Date'), '2024-02-03');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Certification Name is already used')).toBeInTheDocument();
    expect(field('Certification Name')).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/addcertification');
    jest.restoreAllMocks();
  });
});

describe('Update Certification', () => {
  it('loads the certification, updates it and goes back to the list', async () => {
    const cert = certification({ certification_name: 'CISA', cpe_needed: 40, expiry_date: null });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      updateCertification: jest.fn().mockResolvedValue(cert),
      listCertifications: jest.fn().mockResolvedValue([cert]),
    });
    const { user } = renderApp({ route: `/updatecertification/${cert.certification_id}`, api });

    expect(await screen.findByDisplayValue('CISA')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'CPE Needed' })).toHaveValue(40);
    await user.clear(field('Certification Name'));
    await user.type(field('Certification Name'), 'CISA 2');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateCertification).toHaveBeenCalledWith(
      cert.certification_id,
      expect.objectContaining({
        certification_name: 'CISA 2',
        cpe_needed: '40',
        expiry_date: null,
      }),
    );
  });

  it('measures the cycle again from corrected dates where it was only their measure', async () => {
    const cert = certification({
      certification_name: 'Vendor cert',
      earned_date: '2024-01-01',
      expiry_date: '2024-12-31',
      cycle_months: 12,
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      updateCertification: jest.fn().mockResolvedValue(cert),
      listCertifications: jest.fn().mockResolvedValue([cert]),
    });
    const { user } = renderApp({ route: `/updatecertification/${cert.certification_id}`, api });

    const months = await screen.findByRole('spinbutton', { name: 'Cycle Length (months)' });
    expect(months).toHaveValue(null);
    await user.clear(dateField('Expiry Date'));
    await user.type(dateField('Expiry Date'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateCertification).toHaveBeenCalledWith(
      cert.certification_id,
      expect.objectContaining({ expiry_date: '2026-12-31', cycle_months: null }),
    );
  });

  it('sends the user to /fourofourpage for a certification that is not theirs', async () => {
    const api = fakeApi({ getCertification: jest.fn().mockRejectedValue(notFound()) });
    renderApp({ route: '/updatecertification/someone-elses', api });

    await waitFor(() => expect(currentPath()).toBe('/fourofourpage'));
  });

  it("leaves the owner check to the API: no request for the user's own record", async () => {
    const cert = certification({ certification_name: 'CISA' });
    const api = fakeApi({ getCertification: jest.fn().mockResolvedValue(cert) });
    renderApp({ route: `/updatecertification/${cert.certification_id}`, api });

    expect(await screen.findByDisplayValue('CISA')).toBeInTheDocument();
    expect(api.getUser).not.toHaveBeenCalled();
  });
});

describe('Add and Update Activity', () => {
  it('/addactivity lets the user pick the certification; empty CPE units become 0', async () => {
    const certs = [
      certification({ certification_name: 'CISSP' }),
      certification({ certification_name: 'CISA' }),
    ];
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue(certs),
      createActivity: jest.fn().mockResolvedValue(activity()),
    });
    const { user } = renderApp({ route: '/addactivity', api });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please choose a certification.')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Certification' }), 'CISA');
    await user.type(field('Name'), 'Webinar');
    await user.type(dateField('Date'), '2024-03-04');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createActivity).toHaveBeenCalledWith({
      certification_id: certs[1]?.certification_id,
      activity_name: 'Webinar',
      description: '',
      cpe_units: 0,
      activity_date: '2024-03-04',
      provider: null,
      category: null,
      credits: [],
    });
  });

  it('refuses units the browser could not read as a number instead of saving 0', async () => {
    const cissp = certification({ certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      createActivity: jest.fn().mockResolvedValue(activity()),
    });
    const { user } = renderApp({ route: `/addactivity/${cissp.certification_id}`, api });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Webinar');
    await user.type(dateField('Date'), '2024-03-04');
    // "1,5" in an English browser: the input shows it, its value reads as empty.
    const units = screen.getByRole('spinbutton', { name: /CPE Units/ });
    Object.defineProperty(units, 'validity', { value: { badInput: true, valid: false } });
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('CPE Units must be a number')).toBeInTheDocument();
    expect(api.createActivity).not.toHaveBeenCalled();
  });

  it('/addactivity/{certId} adds to that certification; a 404 goes to /fourofourpage', async () => {
    // Not among the user's certifications (missing, or someone else's).
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([certification()]) });
    renderApp({ route: '/addactivity/not-mine', api });

    await waitFor(() => expect(currentPath()).toBe('/fourofourpage'));
  });

  it('keeps what was typed when the certification is deleted in another window before the save', async () => {
    const cissp = certification({ certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      createActivity: jest.fn().mockRejectedValue(notFound()),
    });
    const { user } = renderApp({ route: `/addactivity/${cissp.certification_id}`, api });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.type(name, 'Long webinar notes');
    await user.type(dateField('Date'), '2024-03-04');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(CERTIFICATION_GONE_TEXT)).toBeInTheDocument();
    expect(currentPath()).toBe(`/addactivity/${cissp.certification_id}`);
    expect(name).toHaveValue('Long webinar notes');
  });

  it('updates an activity with the whole object; Cancel goes to /MyCertifications', async () => {
    const existing = {
      ...activity({ activity_name: 'Course', cpe_units: 3 }),
      user_id: USER.user_id,
    };
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(existing),
      updateActivity: jest.fn().mockResolvedValue(existing),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: `/updateactivity/${existing.activity_id}`, api });

    expect(await screen.findByDisplayValue('Course')).toBeInTheDocument();
    expect(field('Description').tagName).toBe('TEXTAREA');
    await user.clear(screen.getByRole('spinbutton', { name: 'CPE Units' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateActivity).toHaveBeenCalledWith(
      existing.activity_id,
      expect.objectContaining({
        activity_id: existing.activity_id,
        activity_name: 'Course',
        cpe_units: 0,
      }),
    );
  });

  it('keeps the later date an activity was stored with (an import logs ahead), and refuses a new later one', async () => {
    const existing = {
      ...activity({ activity_name: 'Course', activity_date: '2025-08-15' }),
      user_id: USER.user_id,
    };
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(existing),
      updateActivity: jest.fn().mockResolvedValue(existing),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: `/updateactivity/${existing.activity_id}`, api });
    await screen.findByDisplayValue('Course');

    await user.clear(dateField('Activity Date'));
    await user.type(dateField('Activity Date'), '2025-08-16');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Activity Date must be today or earlier')).toBeInTheDocument();
    expect(api.updateActivity).not.toHaveBeenCalled();

    await user.clear(dateField('Activity Date'));
    await user.type(dateField('Activity Date'), '2025-08-15');
    await user.type(field('Provider'), 'ISC2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateActivity).toHaveBeenCalledWith(
      existing.activity_id,
      expect.objectContaining({ activity_date: '2025-08-15', provider: 'ISC2' }),
    );
  });

  it('Cancel on Update Activity uses the spec path /MyCertifications, which routes to the list', async () => {
    const existing = { ...activity({ activity_name: 'Course' }), user_id: USER.user_id };
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(existing),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: `/updateactivity/${existing.activity_id}`, api });
    await screen.findByDisplayValue('Course');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(currentPath()).toBe('/MyCertifications'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Certifications' }),
    ).toBeInTheDocument();
  });

  it("another user's activity (the API's 404) goes to /fourofourpage, with no owner lookup", async () => {
    const api = fakeApi({ getActivity: jest.fn().mockRejectedValue(notFound()) });
    renderApp({ route: '/updateactivity/x', api });

    await waitFor(() => expect(currentPath()).toBe('/fourofourpage'));
    expect(api.getUser).not.toHaveBeenCalled();
  });
});
