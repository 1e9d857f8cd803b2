// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient *.ttf module, for projects that compile this file without the folder
/// <reference path="./font-modules.d.ts" />
/** Noto Sans regular and bold (Latin, Greek, Cyrillic): the bundler inlines the files, so this module is their bytes. */
import regular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' with { type: 'bytes' };
import bold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' with { type: 'bytes' };

export default { regular, bold };
