import { type ChangeEvent, useState } from 'react';
import { BADGE_RULES, type BadgePrefill } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { ApiError } from '../api/errors';
import { FileReadField } from '../components/FileReadField';
import { failureText } from '../lib/failure-text';
import type { Notice } from '../lib/notice';
import { base64Of } from '../lib/base64-file';

export const BADGE_TEXTS = {
  label: 'Add from a badge',
  hint: 'An Open Badge you hold (Credly and other issuers): its JSON or JWT, or the badge image as a PNG or SVG, at most 512 KB. The form is filled in from it for you to check; nothing is saved until you submit.',
  tooLarge: (name: string) => `${name} is larger than 512 KB: it is not a badge we can read.`,
  empty: (name: string) => `${name} is empty: it is not a badge we can read.`,
  verified: (name: string) =>
    `Filled in from ${name}. The badge's signature was verified. Check every field before submitting.`,
  unverified: (name: string, why: string) =>
    `Filled in from ${name}. The badge could not be verified: ${why} Check every field before submitting.`,
  failed: (name: string) => `${name} could not be read. Please try again.`,
};

/** The accepted files: JSON, a JWT or JWS as text, and baked PNG or SVG images. */
const ACCEPT = '.json,.jsonld,.jwt,.jws,.txt,.png,.svg,application/json,image/png,image/svg+xml';

/** A refused file, as the API names what is wrong with it ("x.png is not a badge we can read: ..."). */
function refusalText(fileName: string, error: ApiError): string {
  const why = error.fieldErrors.content_base64;
  return why ? `${fileName} ${why}.` : `${fileName}: ${error.message}`;
}

export interface BadgeRead {
  fileName: string;
  prefill: BadgePrefill;
  /** The catalogue entry the badge matched, loaded; null when none (or it could not be loaded). */
  entry: CatalogueEntry | null;
}

/**
 * "Add from a badge" on Add Certification: the file is sent to
 * POST /api/badges/read, and what it answers fills the form in (`onRead`);
 * whether the badge was verified is said beside the form.
 */
export function BadgeUpload(props: { onRead(read: BadgeRead): void }) {
  const { api } = useApi();
  const [reading, setReading] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setNotice(null);
    if (file.size === 0 || file.size > BADGE_RULES.maxBytes) {
      const text = file.size === 0 ? BADGE_TEXTS.empty : BADGE_TEXTS.tooLarge;
      setNotice({ variant: 'danger', text: text(file.name) });
      return;
    }
    setReading(file.name);
    try {
      const prefill = await api.readBadge({
        file_name: file.name.slice(0, BADGE_RULES.fileNameLength),
        content_base64: await base64Of(file),
      });
      let entry: CatalogueEntry | null = null;
      if (prefill.catalogue_id) {
        try {
          entry = await api.getCatalogueEntry(prefill.catalogue_id);
        } catch (error) {
          // The badge's own fields still fill the form; the rules can be picked by hand.
          console.warn('Could not load the catalogue entry', error);
        }
      }
      props.onRead({ fileName: file.name, prefill, entry });
      setNotice(
        prefill.verified
          ? { variant: 'success', text: BADGE_TEXTS.verified(file.name) }
          : { variant: 'warning', text: BADGE_TEXTS.unverified(file.name, prefill.verification) },
      );
    } catch (error) {
      console.error('Could not read the badge', error);
      setNotice({
        variant: 'danger',
        text:
          error instanceof ApiError && error.status === 400
            ? refusalText(file.name, error)
            : failureText(error, BADGE_TEXTS.failed(file.name)),
      });
    } finally {
      setReading(null);
    }
  }

  return (
    <div className="mb-4">
      <FileReadField
        id="badge-file"
        label={BADGE_TEXTS.label}
        hint={BADGE_TEXTS.hint}
        accept={ACCEPT}
        reading={reading}
        onChoose={(e) => void choose(e)}
        notice={notice}
        onCloseNotice={() => setNotice(null)}
      />
    </div>
  );
}
