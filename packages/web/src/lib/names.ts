/** Names as a sentence lists them: "CISSP", "CISSP and CCSP", "CISSP, CCSP and CISA". */
export function namesText(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
