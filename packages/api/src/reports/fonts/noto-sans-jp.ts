// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient *.ttf module, for projects that compile this file without the folder
/// <reference path="./font-modules.d.ts" />
/** Noto Sans JP regular (kana, kanji and the hanzi they share): inlined by the bundler. */
import regular from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf' with { type: 'bytes' };

export default { regular };
