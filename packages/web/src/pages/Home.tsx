import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import { useConfig } from '../config';
import { VideoEmbed } from '../components/VideoEmbed';
import { usePageTitle } from '../lib/page';
import { paths } from '../paths';
import { HomeTour } from './HomeTour';

export const HOME_VIDEO_TITLE = 'CPE Tracker: keep your certifications current';

/** What a page sending the user home may pass in the navigation's state. */
export interface HomeState {
  /** A success message shown at the top. */
  flash?: string;
  /** The account was just deleted: its session is ending, and its user is gone. */
  accountDeleted?: boolean;
}

export function Home() {
  usePageTitle('');
  const { status, user } = useAuth();
  const { appUser } = useApi();
  const location = useLocation();
  const { homeVideoId } = useConfig();
  const { flash, accountDeleted } = (location.state as HomeState | null) ?? {};

  // The spec's home page reads the app user and creates it when missing; failures are only logged.
  useEffect(() => {
    if (!user || accountDeleted) return;
    appUser(user.email).catch((error: unknown) => console.error('Could not load the user', error));
  }, [user, appUser, accountDeleted]);

  return (
    <>
      <section className="hero text-center">
        {flash && (
          <Alert variant="success" className="text-start">
            {flash}
          </Alert>
        )}
        <h1 className="display-5 fw-bold mb-3">Track your CPEs with ease</h1>
        <p className="lead mb-4">
          Keep every certification&apos;s continuing professional education credits, deadlines and
          evidence in one place, and know when you are ready to renew.
        </p>
        <div className="mb-4">
          <VideoEmbed videoId={homeVideoId} title={HOME_VIDEO_TITLE} />
        </div>
        <div className="d-flex justify-content-center min-h-button">
          {status === 'signedIn' && (
            <Link to={paths.myCertifications} className="btn btn-primary btn-lg px-4">
              Track my CPEs
            </Link>
          )}
          {status === 'signedOut' && (
            <Link to={paths.signUp} className="btn btn-primary btn-lg px-4">
              Start Tracking Your CPEs Now!
            </Link>
          )}
        </div>
      </section>
      <HomeTour />
    </>
  );
}
