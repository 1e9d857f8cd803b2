// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient *.ttf module, for projects that compile this file without the folder
/// <reference path="./font-modules.d.ts" />
/** Noto Sans SC regular (simplified Chinese, and the ideographs Japanese lacks): inlined by the bundler. */
import regular from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' with { type: 'bytes' };

export default { regular };
