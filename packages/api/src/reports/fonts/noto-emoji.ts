// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient *.ttf module, for projects that compile this file without the folder
/// <reference path="./font-modules.d.ts" />
/** Noto Emoji regular (monochrome outlines, with the ZWJ sequences as ligatures): inlined by the bundler. */
import regular from '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf' with { type: 'bytes' };

export default { regular };
