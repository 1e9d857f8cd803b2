/** The catalogue entry a report prints (body, name, rules); a module of its own so the catalogue loads only for a report that names one. */
import type { ReportInput } from '@cpe/shared/audit-report';
import { catalogueEntryById } from '@cpe/shared/catalogue';

export function reportCatalogue(id: string): ReportInput['catalogue'] {
  const entry = catalogueEntryById(id);
  return entry ? { body: entry.body, fullName: entry.fullName, renewal: entry.renewal } : null;
}
