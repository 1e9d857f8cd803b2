/**
 * The text layer of a PDF through PDF.js (unpdf's serverless build, which
 * needs no worker). A file PDF.js cannot open has no text: the caller then
 * proposes nothing. Loaded only by the reports function, on first use.
 */
import { definePDFJSModule, getDocumentProxy } from 'unpdf';

let defined: Promise<void> | undefined;

/** At most this many pages are read: a certificate is one or two. */
const MAX_PAGES = 5;

/** The text, one line per line of the page; '' when the file has none or is no PDF. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  defined ??= definePDFJSModule(() => import('unpdf/pdfjs'));
  await defined;
  try {
    const pdf = await getDocumentProxy(bytes.slice());
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      // A new line where the text says so or moves to another baseline.
      let line = '';
      let baseline: number | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = Number(item.transform[5]);
        if (baseline !== undefined && Math.abs(y - baseline) > 1) {
          lines.push(line);
          line = '';
        }
        baseline = y;
        line += line && !line.endsWith(' ') && item.str ? ` ${item.str}` : item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      lines.push(line);
    }
    return textOfLines(lines);
  } catch {
    return '';
  }
}

/** The page's lines as text: spaces collapsed, empty lines dropped (one pass over each). */
export function textOfLines(lines: readonly string[]): string {
  return lines
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
