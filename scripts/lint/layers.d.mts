import type { Linter } from 'eslint';

export declare const ELEMENTS: { type: string; pattern: string; partialMatch: boolean }[];
export declare const ALLOWED: Record<string, string[]>;
export declare function layersConfig(root: string, projects: string[]): Linter.Config;
export declare const WHOLE_PACKAGE_FILES: string[];
export declare const wholePackageLayersConfig: Linter.Config;
export declare const noCycleConfig: Linter.Config;
