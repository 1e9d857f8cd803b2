/**
 * Renewal rules shared by the API and the web app. The SQL statement that
 * renews is the authority; these let the page answer at once.
 */

export interface RenewalProgress {
  cpe_needed: number | null;
  total_cpes_earned: number;
}

/** Renewal needs the target met; no target means nothing blocks it. */
export function canRenew(cert: RenewalProgress): boolean {
  return cert.cpe_needed === null || cert.total_cpes_earned >= cert.cpe_needed;
}
