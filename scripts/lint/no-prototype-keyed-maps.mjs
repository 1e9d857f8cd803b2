/**
 * An ESLint rule (type-aware) against plain objects used as maps keyed by
 * arbitrary strings: `table[key]` where `table` has a string index signature
 * and `key` is any string. A key such as `__proto__`, `constructor` or
 * `toString` then finds Object.prototype's members instead of nothing, which
 * is how a username crashed the Cognito emulator. Use a Map or a Dict
 * (an object without prototype, packages/shared/src/dict.ts), or guard the read
 * with Object.hasOwn(table, key).
 */
import ts from 'typescript';

function isArbitraryString(type) {
  if (type.isUnion()) return type.types.some(isArbitraryString);
  return (type.flags & ts.TypeFlags.String) !== 0 || (type.flags & ts.TypeFlags.Any) !== 0;
}

function hasStringIndex(checker, type) {
  if (type.isUnion()) return type.types.some((t) => hasStringIndex(checker, t));
  if (checker.isArrayType(type) || checker.isTupleType(type)) return false;
  return checker.getIndexInfoOfType(type, ts.IndexKind.String) !== undefined;
}

/** `Object.hasOwn(obj, key) ? obj[key] : ...`, `Object.hasOwn(obj, key) && obj[key]`, or inside `if (Object.hasOwn(...))`. */
function isGuarded(node) {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const test =
      (parent.type === 'ConditionalExpression' && parent.consequent === child && parent.test) ||
      (parent.type === 'LogicalExpression' &&
        parent.operator === '&&' &&
        parent.right === child &&
        parent.left) ||
      (parent.type === 'IfStatement' && parent.consequent === child && parent.test);
    if (test && checksOwn(test)) return true;
  }
  return false;
}

/** `Object.hasOwn(...)`, possibly one operand of a chain of `&&`. */
function checksOwn(test) {
  if (test.type === 'LogicalExpression' && test.operator === '&&') {
    return checksOwn(test.left) || checksOwn(test.right);
  }
  return (
    test.type === 'CallExpression' &&
    test.callee.type === 'MemberExpression' &&
    test.callee.object.type === 'Identifier' &&
    test.callee.object.name === 'Object' &&
    test.callee.property.name === 'hasOwn'
  );
}

/** A Dict (packages/shared/src/dict.ts) has no prototype: any key is safe on it. */
function isDict(type) {
  if (type.isUnion())
    return type.types.every((t) => isDict(t) || (t.flags & ts.TypeFlags.Undefined) !== 0);
  return type.aliasSymbol?.name === 'Dict';
}

export const noPrototypeKeyedMaps = {
  meta: {
    type: 'problem',
    docs: { description: 'No plain object read or written by an arbitrary string key.' },
    schema: [],
    messages: {
      keyed:
        'A plain object used as a map keyed by any string: "__proto__" or "constructor" would find Object.prototype. Use a Map or a Dict, or guard with Object.hasOwn.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    return {
      MemberExpression(node) {
        if (!node.computed || node.property.type === 'Literal') return;
        const objectType = checker.getTypeAtLocation(
          services.esTreeNodeToTSNodeMap.get(node.object),
        );
        const keyType = checker.getTypeAtLocation(
          services.esTreeNodeToTSNodeMap.get(node.property),
        );
        if (!isArbitraryString(keyType) || !hasStringIndex(checker, objectType)) return;
        if (isDict(objectType)) return;
        if (isGuarded(node)) return;
        context.report({ node, messageId: 'keyed' });
      },
    };
  },
};

export default { rules: { 'no-prototype-keyed-maps': noPrototypeKeyedMaps } };
