/** Prints benchmark figures against their budgets in one format, and keeps them for bench/results.json. */
export interface Figure {
  what: string;
  value: number;
  unit: string;
  /** Undefined: reported for information, never over budget. */
  budget?: number;
  /** 'max': value must be <= budget; 'min': value must be >= budget. */
  kind: 'max' | 'min';
}

export interface ReportedFigure extends Figure {
  pass: boolean;
}

export interface Report {
  title: string;
  figures: ReportedFigure[];
}

const reported: Report[] = [];

export function withinBudget(f: Figure): boolean {
  if (f.budget === undefined) return true;
  return f.kind === 'max' ? f.value <= f.budget : f.value >= f.budget;
}

export function report(title: string, figures: Figure[]): boolean {
  console.log(`\n## ${title}\n`);
  console.log('| what | measured | budget | |');
  console.log('|---|---|---|---|');
  const checked = figures.map((f) => ({ ...f, pass: withinBudget(f) }));
  for (const f of checked) {
    const v = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(1);
    const budget =
      f.budget === undefined ? '(none)' : `${f.kind === 'max' ? '<=' : '>='} ${f.budget} ${f.unit}`;
    console.log(`| ${f.what} | ${v} ${f.unit} | ${budget} | ${f.pass ? 'ok' : 'OVER BUDGET'} |`);
  }
  reported.push({ title, figures: checked });
  return checked.every((f) => f.pass);
}

/** The reports printed since the last call, for the results file. */
export function takeReports(): Report[] {
  return reported.splice(0, reported.length);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
