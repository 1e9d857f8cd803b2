// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient *.ttf module, for projects that compile this file without the folder
/// <reference path="./font-modules.d.ts" />
/** Noto Sans KR regular (Hangul): inlined by the bundler. */
import regular from '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf' with { type: 'bytes' };

export default { regular };
