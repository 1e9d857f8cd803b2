import { API_MESSAGES } from '@cpe/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api/client';
import { currentPath, fakeApi, fakeAuth, renderApp } from '../test/harness';
import { CONTACT_TEXTS } from './ContactUs';

async function fillAndSend(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Hello there');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

afterEach(() => jest.restoreAllMocks());

describe('Contact Us', () => {
  it('sends the message, then goes home showing the thank-you text', async () => {
    const api = fakeApi({ submitContact: jest.fn().mockResolvedValue({ message: 'ok' }) });
    const { user } = renderApp({ route: '/contactus', api, auth: fakeAuth(null) });
    await screen.findByRole('heading', { name: 'Contact Us' });

    await fillAndSend(user);

    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByText(CONTACT_TEXTS.sent)).toBeInTheDocument();
    expect(api.submitContact).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello there',
    });
  });

  it('shows the failure text when the server refuses or cannot be reached', async () => {
    const api = fakeApi({
      submitContact: jest.fn().mockRejectedValue(new ApiError(500, 'Internal error')),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/contactus', api, auth: fakeAuth(null) });
    await screen.findByRole('heading', { name: 'Contact Us' });

    await fillAndSend(user);

    expect(await screen.findByText(CONTACT_TEXTS.failed)).toBeInTheDocument();
    expect(currentPath()).toBe('/contactus');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
  });

  it('explains the rate limit on 429', async () => {
    const api = fakeApi({
      submitContact: jest
        .fn()
        .mockRejectedValue(new ApiError(429, API_MESSAGES.contactRateLimited)),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/contactus', api, auth: fakeAuth(null) });
    await screen.findByRole('heading', { name: 'Contact Us' });

    await fillAndSend(user);

    expect(await screen.findByText(CONTACT_TEXTS.tooMany)).toBeInTheDocument();
  });

  it('checks all three fields before sending, with the shared schema', async () => {
    const api = fakeApi();
    const { user } = renderApp({ route: '/contactus', api, auth: fakeAuth(null) });
    await screen.findByRole('heading', { name: 'Contact Us' });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email must be an email address')).toBeInTheDocument();
    expect(screen.getByText('Your Message is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.submitContact).not.toHaveBeenCalled();
  });
});
