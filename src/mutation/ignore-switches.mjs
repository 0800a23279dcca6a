// A Stryker ignorer (plugin kind Ignore): no mutant is written into the kit's mutant switches, the
// `broken('<name>')` / `this.broken('<name>')` calls by which the reference turns one of the kit's own
// bugs on. A mutant there turns on a bug the kit already knows it kills (`if (true) <bug>`), or
// switches nothing (`broken('')`): either says nothing about bugs nobody wrote. Ignored: the call
// itself, and the smallest condition around it (an `if` whose test has such a call, with its body,
// which is the kit mutant's body; a `?:` that has one; the other operand of an `&&` with one). Issue 24 replaces the switches
// with seams, and this plugin goes with them.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

function isSwitchCall(node) {
  if (node?.type !== 'CallExpression') return false;
  const c = node.callee;
  return (c.type === 'Identifier' && c.name === 'broken') || (c.type === 'MemberExpression' && !c.computed && c.property?.name === 'broken');
}

/** The switch, possibly under parentheses. */
function isSwitch(node) {
  return isSwitchCall(node) || (node?.type === 'ParenthesizedExpression' && isSwitch(node.expression));
}

/** Whether a condition holds only while the switch is on: the switch itself, or a conjunct of an `&&` chain. */
function requiresSwitch(test) {
  if (isSwitch(test)) return true;
  return test?.type === 'LogicalExpression' && test.operator === '&&' && (requiresSwitch(test.left) || requiresSwitch(test.right));
}

const REASON = "a kit mutant's switch (broken(...)): the kit's own bug, not the reference's code";

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'kit-mutant-switches', {
    shouldIgnore(path) {
      const n = path.node;
      // The switch, and its negation (`!broken(x)` -> `broken(x)` turns a kit mutant on).
      if (isSwitchCall(n) || (n.type === 'UnaryExpression' && n.operator === '!' && isSwitch(n.argument))) return REASON;
      // `if (... && broken(x)) <the kit mutant's body>` and `broken(x) ? <body> : reference`: the test
      // and the branch that runs only with the switch on; the other branch is the reference's.
      const parent = path.parentPath?.node;
      if ((parent?.type === 'IfStatement' || parent?.type === 'ConditionalExpression') && (path.key === 'test' || path.key === 'consequent') && requiresSwitch(parent.test)) return REASON;
      // `x && broken(y)` outside an `if`: while the switch is off the conjunction is false whatever
      // `x` is, so a mutant of `x` is the same code. The operator itself is still mutated (`x || broken(y)`
      // is a bug of the reference's own).
      if (parent?.type === 'LogicalExpression' && parent.operator === '&&' && (path.key === 'left' || path.key === 'right') && requiresSwitch(parent)) return REASON;
      // `private get broken()` and `const broken = brokenBy(...)`: the switch's own plumbing.
      if ((n.type === 'ClassMethod' || n.type === 'ClassPrivateMethod') && n.key?.name === 'broken') return REASON;
      if (n.type === 'VariableDeclarator' && n.id?.name === 'broken') return REASON;
      return undefined;
    },
  }),
];
