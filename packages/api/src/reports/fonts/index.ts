/**
 * The font files the PDF report embeds, from the npm packages that ship them
 * (@expo-google-fonts: Noto Sans, Noto Sans JP, SC and KR, Noto Emoji; SIL
 * Open Font License). Each family is a module of its own that the bundler turns into a
 * file beside the function's index.js holding the font's bytes (esbuild's
 * `with { type: 'bytes' }`), loaded only by a report whose text needs it: the
 * CJK faces are 5 to 10 MB each. Run from the sources (tests, benches), the same files are
 * read from the packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { withEvenGlyphs } from './even-glyphs';

export type FontFamily = 'sans' | 'japanese' | 'chinese' | 'korean' | 'emoji';

export interface FontFamilyFiles {
  regular: Uint8Array;
  /** Families without a bold face print bold text in their regular face. */
  bold?: Uint8Array;
}

/** Where each face lies in its package (the modules under ./ import the same paths). */
export const FONT_PACKAGE_FILES: Record<FontFamily, { regular: string; bold?: string }> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  japanese: { regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf' },
  chinese: { regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
  korean: { regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf' },
  emoji: { regular: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf' },
};

/** True when this file runs as TypeScript source (jest, tsx), false inside a bundle. */
const FROM_SOURCES = __filename.endsWith('.ts');

function fromPackages(family: FontFamily): FontFamilyFiles {
  const resolve = createRequire(__filename).resolve;
  const files = FONT_PACKAGE_FILES[family];
  return {
    regular: readFileSync(resolve(files.regular)),
    ...(files.bold ? { bold: readFileSync(resolve(files.bold)) } : {}),
  };
}

const loaded = new Map<FontFamily, Promise<FontFamilyFiles>>();

/** The bundled module of each family (a file of its own beside index.js). */
function bundled(family: FontFamily): Promise<FontFamilyFiles> {
  switch (family) {
    case 'sans':
      return import('./noto-sans').then((m) => m.default);
    case 'japanese':
      return import('./noto-sans-jp').then((m) => m.default);
    case 'chinese':
      return import('./noto-sans-sc').then((m) => m.default);
    case 'korean':
      return import('./noto-sans-kr').then((m) => m.default);
    case 'emoji':
      return import('./noto-emoji').then((m) => m.default);
  }
}

/** The family's faces, read once per container, their glyphs padded for subsetting (even-glyphs.ts). */
export function fontFiles(family: FontFamily): Promise<FontFamilyFiles> {
  let files = loaded.get(family);
  if (!files) {
    files = (FROM_SOURCES ? Promise.resolve(fromPackages(family)) : bundled(family)).then(
      ({ regular, bold }) => ({
        regular: withEvenGlyphs(regular),
        ...(bold ? { bold: withEvenGlyphs(bold) } : {}),
      }),
    );
    loaded.set(family, files);
  }
  return files;
}
