/** A font file imported as its bytes (`import x from '....ttf' with { type: 'bytes' }`; esbuild inlines them). */
declare module '*.ttf' {
  const bytes: Uint8Array;
  export default bytes;
}
