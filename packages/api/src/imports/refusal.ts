/**
 * A file the import cannot read at all (not base64, too large, too many
 * rows, not CSV/XLSX/the account export), or a body naming another user's
 * certification. Not the app's ValidationError on purpose: this folder loads
 * as a lazy file of its own, and a second copy of errors.ts would be missed
 * by the HTTP layer's `instanceof` (a 500). The handler turns an
 * ImportRefusal into a 400 naming the field.
 */
export class ImportRefusal extends Error {
  constructor(
    readonly why: string,
    readonly field = 'content_base64',
  ) {
    super(`Invalid request: ${field} ${why}`);
    this.name = 'ImportRefusal';
  }
}
