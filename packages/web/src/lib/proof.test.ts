import { MAX_PROOF_BYTES, formatBytes, proofProblem, proofType } from './proof';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('proof files', () => {
  it('accepts PDF, PNG, JPEG and WebP up to 10 MB', () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'image/webp']) {
      expect(proofProblem(file('proof', type, MAX_PROOF_BYTES))).toBeNull();
    }
  });

  it('refuses other types, larger files and empty ones, naming the file', () => {
    expect(proofProblem(file('notes.docx', 'application/msword', 10))).toBe(
      'notes.docx is not a PDF, PNG, JPEG, WebP or HEIC file.',
    );
    expect(proofProblem(file('scan.pdf', 'application/pdf', MAX_PROOF_BYTES + 1))).toBe(
      'scan.pdf is larger than 10 MB, the most a proof file may be.',
    );
    expect(proofProblem(file('blank.png', 'image/png', 0))).toBe('blank.png is empty.');
  });

  it('reads the type from the extension when the browser reports none', () => {
    expect(proofType(file('Certificate.PDF', '', 1))).toBe('application/pdf');
    expect(proofType(file('photo.jpg', '', 1))).toBe('image/jpeg');
    expect(proofType(file('photo.gif', 'image/gif', 1))).toBeNull();
    expect(proofProblem(file('archive.zip', '', 1))).toMatch(/is not a PDF/);
  });

  it('words sizes', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
