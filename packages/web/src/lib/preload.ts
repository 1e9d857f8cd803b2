/**
 * Loading on demand without a round trip per import level. A module the app
 * imports on demand (a page, the sign-in code, the API client) is a chunk that
 * imports further chunks, which the browser finds only once it has the first
 * one. The build lists, for each such module, every chunk it needs beyond the
 * entry's (index.html's `#chunks` table, written by scripts/build.mjs); a
 * modulepreload for each lets them all load at once.
 */

type ChunkTable = Record<string, string[]>;

let table: ChunkTable | null = null;
const requested = new Set<string>();

/** The table, read once; without one (a development page, a test) there is nothing to preload. */
function chunkTable(): ChunkTable {
  if (table) return table;
  const text = document.getElementById('chunks')?.textContent;
  if (!text) return {};
  // What the page already preloads (index.html, the boot script) is not asked for again.
  document.querySelectorAll('link[rel="modulepreload"]').forEach((link) => {
    const href = link.getAttribute('href');
    if (href) requested.add(href);
  });
  try {
    table = JSON.parse(text) as ChunkTable;
  } catch {
    // A broken table only costs the round trips it saves.
    table = {};
  }
  return table;
}

/**
 * Starts loading the chunks the on-demand module `name` needs (its source path
 * under src/ without extension, e.g. "pages/Login"); the import() that follows
 * finds them loaded or in flight. Answers the files it asked for.
 */
export function preloadChunks(name: string): string[] {
  const chunks = chunkTable();
  const files = (Object.hasOwn(chunks, name) ? (chunks[name] ?? []) : []).filter(
    (file) => !requested.has(file),
  );
  for (const file of files) {
    requested.add(file);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  }
  return files;
}
