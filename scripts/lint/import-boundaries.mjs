/**
 * An ESLint rule that keeps the layers apart: which part of the repository
 * may import which. shared is the bottom; web and api stand on it; local and
 * infra on api; only tests and benchmarks import local; the packages' build
 * scripts may use the repository's scripts; nothing outside
 * tests/ reaches into it except through the @cpe/test-support package.
 * Both `@cpe/<name>` specifiers and relative paths that leave their own part
 * are checked, so a wrong-way import cannot slip through as `../../`.
 */
import path from 'node:path';

/** Parts of the repository, by folder (longest first wins) and by package name. */
const PARTS = [
  { name: 'test-support', folder: 'tests/support', pkg: '@cpe/test-support' },
  { name: 'tests', folder: 'tests' },
  { name: 'bench', folder: 'scripts/bench' },
  { name: 'scripts', folder: 'scripts' },
  // A package's build scripts are tooling, not the package's code: they may use the repository's.
  { name: 'build', folder: 'packages/api/scripts' },
  { name: 'build', folder: 'packages/web/scripts' },
  { name: 'shared', folder: 'packages/shared', pkg: '@cpe/shared' },
  { name: 'api', folder: 'packages/api', pkg: '@cpe/api' },
  { name: 'web', folder: 'packages/web', pkg: '@cpe/web' },
  { name: 'local', folder: 'packages/local', pkg: '@cpe/local' },
  { name: 'infra', folder: 'infra', pkg: '@cpe/infra' },
];

/** Who may import whom (besides itself). */
export const ALLOWED = {
  shared: [],
  api: ['shared'],
  web: ['shared'],
  local: ['api', 'shared'],
  infra: ['api', 'shared'],
  'test-support': ['local', 'api', 'shared'],
  tests: ['test-support', 'local', 'api', 'shared', 'web', 'infra', 'scripts'],
  bench: ['test-support', 'local', 'api', 'shared'],
  scripts: ['shared'],
  build: ['scripts', 'shared'],
};

function partOfFile(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('..')) return undefined;
  const matches = PARTS.filter((p) => rel === p.folder || rel.startsWith(`${p.folder}/`));
  return matches.sort((a, b) => b.folder.length - a.folder.length)[0];
}

function partOfSpecifier(root, file, specifier) {
  if (specifier.startsWith('.')) {
    return partOfFile(root, path.resolve(path.dirname(file), specifier));
  }
  return PARTS.find((p) => p.pkg && (specifier === p.pkg || specifier.startsWith(`${p.pkg}/`)));
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports follow the layers: shared <- api, web <- local, infra <- tests.',
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'] }],
    messages: {
      wrongWay:
        '{{from}} may not import {{to}} ("{{specifier}}"); {{from}} may import: {{allowed}}.',
      acrossParts:
        '"{{specifier}}" reaches into {{to}} by a relative path; import it as {{pkg}} instead.',
    },
  },
  create(context) {
    const root = context.options[0].root;
    const from = partOfFile(root, context.filename);
    if (!from) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const to = partOfSpecifier(root, context.filename, specifier);
      if (!to || to.name === from.name) return;
      const allowed = ALLOWED[from.name] ?? [];
      if (!allowed.includes(to.name)) {
        context.report({
          node,
          messageId: 'wrongWay',
          data: {
            from: from.name,
            to: to.name,
            specifier,
            allowed: allowed.join(', ') || 'nothing',
          },
        });
      } else if (
        specifier.startsWith('.') &&
        to.pkg &&
        !(from.name === 'tests' && to.name === 'test-support')
      ) {
        context.report({
          node,
          messageId: 'acrossParts',
          data: { specifier, to: to.name, pkg: to.pkg },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          const [arg] = node.arguments;
          if (arg?.type === 'Literal') check(arg, arg.value);
        }
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
