/** Prints benchmark figures against their budgets in one format. */
export interface Figure {
  what: string;
  value: number;
  unit: string;
  budget: number;
  /** 'max': value must be <= budget; 'min': value must be >= budget. */
  kind: 'max' | 'min';
}

export function report(title: string, figures: Figure[]): boolean {
  console.log(`\n## ${title}\n`);
  console.log('| what | measured | budget | |');
  console.log('|---|---|---|---|');
  let ok = true;
  for (const f of figures) {
    const pass = f.kind === 'max' ? f.value <= f.budget : f.value >= f.budget;
    ok &&= pass;
    const v = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(1);
    console.log(
      `| ${f.what} | ${v} ${f.unit} | ${f.kind === 'max' ? '<=' : '>='} ${f.budget} ${f.unit} | ${pass ? 'ok' : 'OVER BUDGET'} |`,
    );
  }
  return ok;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
