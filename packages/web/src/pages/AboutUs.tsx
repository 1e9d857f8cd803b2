import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/page';

export function AboutUs() {
  usePageTitle('About Us');
  return (
    <article className="hero">
      <h1 className="mb-4">About Us</h1>
      <p className="lead">
        CPE Tracker helps certified professionals keep track of the continuing professional
        education (CPE) credits that keep their certifications current.
      </p>
      <p>
        Certifications come with CPE targets and expiry dates, and the evidence is easy to lose
        across emails, spreadsheets and certificates. CPE Tracker keeps each certification with its
        target, earned date, expiry date and verification link, records the activities that earn
        credits, and shows at a glance how close you are to renewal. When a cycle is complete you
        can renew the certification and start the next one, and an AI assistant can suggest
        certifications worth pursuing next.
      </p>
      <p>
        We also aim to let users share their progress and discuss what they are learning with
        others. That is on our roadmap and not available yet.
      </p>
      <p>
        Questions or ideas? <Link to="/contactus">Contact us</Link>, we read every message.
      </p>
      <Link to="/" className="btn btn-outline-primary mt-2">
        Return Home
      </Link>
    </article>
  );
}
