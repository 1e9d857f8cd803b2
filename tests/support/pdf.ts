/** What a PDF says, for the suites that read the reports and certificates the app makes or reads. */
import { definePDFJSModule, extractText, getDocumentProxy } from 'unpdf';

/** The PDF's text, its pages merged and its runs of white space made one space. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  await definePDFJSModule(() => import('unpdf/pdfjs'));
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
