/**
 * Issue 26 item 2: a save refused because the record changed in another
 * window says so, with Reload (the stored record replaces the draft) and
 * Overwrite (what was changed here saved over the stored record); a record
 * deleted in another window says so on the form, the draft kept to copy.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { CONFLICT_TEXTS } from '../components/RecordConflict';
import {
  activity,
  certification,
  currentPath,
  fakeApi,
  notFound,
  renderApp,
} from '../test/harness';

const nameField = () => screen.getByRole('combobox', { name: 'Certification Name' });

function stale(current: unknown): ApiError {
  return new ApiError(409, CONFLICT_TEXTS.changed, {}, { current });
}

describe('a certification changed or deleted in another window', () => {
  const cert = certification({ certification_name: 'CISA', version: 3 });
  const theirs = { ...cert, certification_name: 'CISA (other window)', version: 4 };

  async function openAndEdit(api: ReturnType<typeof fakeApi>) {
    const app = renderApp({ route: `/updatecertification/${cert.certification_id}`, api });
    expect(await screen.findByDisplayValue('CISA')).toBeInTheDocument();
    await app.user.clear(nameField());
    await app.user.type(nameField(), 'CISA (mine)');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    return app;
  }

  it('Overwrite saves the draft again naming the stored version', async () => {
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      updateCertification: jest
        .fn()
        .mockRejectedValueOnce(stale(theirs))
        .mockResolvedValueOnce({ ...cert, certification_name: 'CISA (mine)', version: 5 }),
      listCertifications: jest.fn().mockResolvedValue([cert]),
    });
    const { user } = await openAndEdit(api);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONFLICT_TEXTS.changed);
    expect(alert).toHaveFocus();
    expect(api.updateCertification).toHaveBeenLastCalledWith(
      cert.certification_id,
      expect.objectContaining({ certification_name: 'CISA (mine)', version: 3 }),
    );
    // The draft is still there while the user decides.
    expect(nameField()).toHaveValue('CISA (mine)');
    expect(currentPath()).toBe(`/updatecertification/${cert.certification_id}`);

    await user.click(within(alert).getByRole('button', { name: CONFLICT_TEXTS.overwrite }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateCertification).toHaveBeenCalledTimes(2);
    expect(api.updateCertification).toHaveBeenLastCalledWith(
      cert.certification_id,
      expect.objectContaining({ certification_name: 'CISA (mine)', version: 4 }),
    );
  });

  it('Overwrite keeps what only the other window changed: a renewal there, a new name here', async () => {
    const renewed = {
      ...cert,
      earned_date: '2027-01-02',
      expiry_date: '2030-01-01',
      certified_on: '2024-01-01',
      version: 4,
    };
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      updateCertification: jest
        .fn()
        .mockRejectedValueOnce(stale(renewed))
        .mockResolvedValueOnce({ ...renewed, certification_name: 'CISA (mine)', version: 5 }),
      listCertifications: jest.fn().mockResolvedValue([cert]),
    });
    const { user } = await openAndEdit(api);

    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: CONFLICT_TEXTS.overwrite }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateCertification).toHaveBeenLastCalledWith(
      cert.certification_id,
      expect.objectContaining({
        certification_name: 'CISA (mine)',
        earned_date: '2027-01-02',
        expiry_date: '2030-01-01',
        version: 4,
      }),
    );
  });

  it('Reload replaces the draft with the stored record, which then saves with its version', async () => {
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      updateCertification: jest
        .fn()
        .mockRejectedValueOnce(stale(theirs))
        .mockResolvedValueOnce(theirs),
      listCertifications: jest.fn().mockResolvedValue([theirs]),
    });
    const { user } = await openAndEdit(api);

    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: CONFLICT_TEXTS.reload }));

    expect(nameField()).toHaveValue('CISA (other window)');
    expect(screen.queryByText(CONFLICT_TEXTS.changed)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateCertification).toHaveBeenLastCalledWith(
      cert.certification_id,
      expect.objectContaining({ certification_name: 'CISA (other window)', version: 4 }),
    );
  });

  it('a deleted record is said so on the form, the draft kept and no save offered', async () => {
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      updateCertification: jest.fn().mockRejectedValue(notFound()),
    });
    await openAndEdit(api);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONFLICT_TEXTS.deleted);
    expect(alert).toHaveTextContent(CONFLICT_TEXTS.deletedHint);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue('CISA (mine)');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(currentPath()).toBe(`/updatecertification/${cert.certification_id}`);
  });
});

describe('an activity changed or deleted in another window', () => {
  const cert = certification({ certification_name: 'CISSP' });
  const mine = {
    ...activity({ certification_id: cert.certification_id, activity_name: 'Seminar', version: 2 }),
    user_id: cert.user_id,
  };
  const theirs = { ...mine, activity_name: 'Seminar (other window)', version: 3 };
  const nameBox = () => screen.getByRole('textbox', { name: 'Activity Name' });

  async function openAndEdit(api: ReturnType<typeof fakeApi>) {
    const app = renderApp({ route: `/updateactivity/${mine.activity_id}`, api });
    expect(await screen.findByDisplayValue('Seminar')).toBeInTheDocument();
    await app.user.clear(nameBox());
    await app.user.type(nameBox(), 'Seminar (mine)');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    return app;
  }

  it('Overwrite and Reload act on the activity with its stored version', async () => {
    const { user_id: _, ...stored } = theirs;
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(mine),
      listCertifications: jest.fn().mockResolvedValue([cert]),
      updateActivity: jest.fn().mockRejectedValueOnce(stale(stored)).mockResolvedValueOnce(theirs),
    });
    const { user } = await openAndEdit(api);
    expect(api.updateActivity).toHaveBeenLastCalledWith(
      mine.activity_id,
      expect.objectContaining({ activity_name: 'Seminar (mine)', version: 2 }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONFLICT_TEXTS.changed);
    await user.click(within(alert).getByRole('button', { name: CONFLICT_TEXTS.reload }));
    expect(nameBox()).toHaveValue('Seminar (other window)');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.updateActivity).toHaveBeenLastCalledWith(
      mine.activity_id,
      expect.objectContaining({ activity_name: 'Seminar (other window)', version: 3 }),
    );
  });

  it('an activity deleted elsewhere keeps the draft on the form instead of the 404 page', async () => {
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(mine),
      listCertifications: jest.fn().mockResolvedValue([cert]),
      updateActivity: jest.fn().mockRejectedValue(notFound()),
    });
    await openAndEdit(api);

    expect(await screen.findByRole('alert')).toHaveTextContent(CONFLICT_TEXTS.deleted);
    expect(nameBox()).toHaveValue('Seminar (mine)');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(currentPath()).toBe(`/updateactivity/${mine.activity_id}`);
  });
});
