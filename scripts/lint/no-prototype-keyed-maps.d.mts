import type { ESLint, Rule } from 'eslint';

export declare const noPrototypeKeyedMaps: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
