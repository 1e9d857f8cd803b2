/**
 * Waits for `work` at most `ms`: done when it settles (its failure thrown)
 * or when the time is up, whichever comes first. The work itself goes on.
 */
export async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      work,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
