import { ConfigProblem } from '../config';

/**
 * What a visitor sees when the app cannot start (config.json missing or
 * malformed): what is wrong, and a way to try again once it is fixed. It uses
 * only markup and the stylesheet, as nothing else has loaded.
 */
export function StartupError(props: { error: unknown; reload?: () => void }) {
  const { error, reload = () => window.location.reload() } = props;
  const problem =
    error instanceof ConfigProblem ? error : new ConfigProblem('The app could not start.');
  return (
    <main className="container py-5">
      <div className="mx-auto form-card">
        <div className="alert alert-danger" role="alert">
          <h1 className="h4 alert-heading">CPE Tracker could not start</h1>
          <p>{problem.message} This is a problem with the site&apos;s setup, not with your data.</p>
          {problem.details.length > 0 && (
            <ul className="mb-3">
              {problem.details.map((detail) => (
                <li key={detail} className="text-break">
                  {detail}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn-danger" onClick={reload}>
            Reload the page
          </button>
        </div>
      </div>
    </main>
  );
}
