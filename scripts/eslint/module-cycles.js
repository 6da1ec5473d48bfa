// No import cycle between server modules (docs/resources.md "Registering a module"): when a module
// imports another, the other must not reach back to it, directly or through others. Modules meet
// through registries instead (game routes in the manifest, lib/references.ts, approvals' handlers).
// The lint reports every import that closes a cycle, naming the cycle. Tests are left out: a test
// may use any module's tables as its data.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** The module a file belongs to (its folder under `src/modules/`) and the modules folder, or undefined. */
function moduleOf(file) {
  const i = file.indexOf(MODULES);
  if (i < 0) return undefined;
  return {
    root: file.slice(0, i + MODULES.length - 1),
    name: file.slice(i + MODULES.length).split(path.sep)[0],
  };
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Every module's imports of other modules, read from the files on disk: module → the modules it imports. */
function moduleGraph(root) {
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !isTest(file)) addFile(graph, file, importsOf(file));
    }
  };
  walk(root);
  return graph;
}

/** The relative imports of a file (static, dynamic and re-exports, types included). */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((f) => f.fileName);
}

function addFile(graph, file, sources) {
  const own = moduleOf(file);
  const edges = graph.get(own.name) ?? new Set();
  graph.set(own.name, edges);
  for (const source of sources) {
    if (!source.startsWith('.')) continue;
    const target = moduleOf(path.resolve(path.dirname(file), source));
    if (!target || target.name === own.name) continue;
    edges.add(target.name);
  }
}

/** A shortest path of modules from `from` to `to` (both included), or null. */
export function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const trail = [];
      for (let step = at; step !== null; step = previous.get(step)) trail.unshift(step);
      return trail;
    }
    for (const next of graph.get(at) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

// One graph per modules folder for the lint run (the CLI lints every file of one tree).
const graphs = new Map();

const rule = {
  meta: {
    type: 'problem',
    messages: {
      cycle:
        "This import closes an import cycle between server modules: {{cycle}}. Let the other module register with this one (a registry, lib/references.ts, the manifest's gameRoutes) instead of importing it back.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    if (!own || isTest(file)) return {};
    if (!graphs.has(own.root)) graphs.set(own.root, moduleGraph(own.root));
    const graph = graphs.get(own.root);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(file), source));
      if (!target || target.name === own.name) return;
      const back = pathBetween(graph, target.name, own.name);
      if (back)
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { cycle: [own.name, ...back].join(' → ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default rule;
