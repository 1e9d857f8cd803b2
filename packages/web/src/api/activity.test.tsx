import '../test/polyfills';
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { PageSpinner } from '../components/PageSpinner';
import {
  RequestActivityProvider,
  SLOW_REQUEST_MS,
  SlowRequestNotice,
  WAKING_TEXT,
  createRequestActivity,
} from './activity';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('request activity', () => {
  it('turns slow once a request has waited SLOW_REQUEST_MS, and back when it ends', () => {
    const activity = createRequestActivity();
    const changes = jest.fn();
    activity.subscribe(changes);

    const end = activity.start();
    jest.advanceTimersByTime(SLOW_REQUEST_MS - 1);
    expect(activity.slow()).toBe(false);
    jest.advanceTimersByTime(1);
    expect(activity.slow()).toBe(true);
    end();
    end();

    expect(activity.slow()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('never turns slow for requests that end in time, and stays slow while any slow one runs', () => {
    const activity = createRequestActivity();

    activity.start()();
    const first = activity.start();
    jest.advanceTimersByTime(SLOW_REQUEST_MS);
    const second = activity.start();
    jest.advanceTimersByTime(SLOW_REQUEST_MS);
    first();

    expect(activity.slow()).toBe(true);
    second();
    expect(activity.slow()).toBe(false);
  });
});

describe('what the user sees while a request is slow', () => {
  function renderWith(ui: React.ReactNode) {
    const activity = createRequestActivity();
    const view = render(
      <RequestActivityProvider activity={activity}>
        {ui}
        <SlowRequestNotice />
      </RequestActivityProvider>,
    );
    return { activity, ...view };
  }

  it('a spinner says the database is waking up instead of its label', () => {
    const { activity } = renderWith(<PageSpinner label="Loading certifications…" />);
    expect(screen.getByText('Loading certifications…')).toBeInTheDocument();

    const end = activity.start();
    act(() => jest.advanceTimersByTime(SLOW_REQUEST_MS));

    // Said once, by the spinner, not by the notice as well.
    expect(screen.getAllByText(WAKING_TEXT)).toHaveLength(1);
    expect(screen.queryByText('Loading certifications…')).not.toBeInTheDocument();
    act(() => end());
    expect(screen.getByText('Loading certifications…')).toBeInTheDocument();
    expect(screen.queryByText(WAKING_TEXT)).not.toBeInTheDocument();
  });

  it('with no spinner on screen (a form being saved), a status notice says it', () => {
    const { activity } = renderWith(<p>A form</p>);

    const end = activity.start();
    act(() => jest.advanceTimersByTime(SLOW_REQUEST_MS - 1));
    expect(screen.queryByText(WAKING_TEXT)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));

    expect(screen.getByRole('status')).toHaveTextContent(WAKING_TEXT);
    act(() => end());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
