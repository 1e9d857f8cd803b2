import type { ESLint, Rule } from 'eslint';

export declare const ALLOWED: Record<string, string[]>;
export declare const importBoundaries: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
