// Boundaries you can see (docs/resources.md): the lint fails when code reaches into another
// feature's insides.
// - server: a module imports another module only through its `index.ts` (or its `tables.ts`, the
//   data schema every module may reference, as db/tables.ts gathers it); `lib/` imports no module
// - server: no import cycle between modules (module-cycles.js)
// - web: a page never imports another page (a detail page may use the list page it belongs to);
//   what two pages share lives in `shared/`
import fs from 'node:fs';
import path from 'node:path';
import moduleCycles from './module-cycles.js';

const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const PAGES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}pages${path.sep}`;

/** The module folder of a server file (`…/modules/<name>`), or undefined. */
function moduleOf(file) {
  const i = file.indexOf(`${SERVER}modules${path.sep}`);
  if (i < 0) return undefined;
  const rest = file.slice(i + SERVER.length + 'modules'.length + 1);
  return file.slice(0, i + SERVER.length) + 'modules' + path.sep + rest.split(path.sep)[0];
}

/** The page a web file belongs to: the nearest folder under pages/ with an index.ts. */
function pageOf(file) {
  const i = file.indexOf(PAGES);
  if (i < 0) return undefined;
  const root = file.slice(0, i + PAGES.length - 1);
  for (let dir = path.dirname(file); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, 'index.ts'))) return dir;
  return undefined;
}

const inside = (dir, parent) => dir === parent || dir.startsWith(parent + path.sep);

const rule = {
  meta: {
    type: 'problem',
    messages: {
      module: "Import another module through its index.ts ('{{target}}').",
      lib: "lib/ is shared by every module and imports none ('{{target}}'): move what it needs into lib/.",
      page: "A page does not import another page ('{{target}}'): move what both need into shared/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      // The console's alias: `@/…` is apps/web/src/… (apps/web/vite.config.ts).
      const web = file.indexOf(`${path.sep}apps${path.sep}web${path.sep}src${path.sep}`);
      let target;
      if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
      else if (source.startsWith('@/') && web >= 0)
        target = path.join(file.slice(0, web), 'apps', 'web', 'src', source.slice(2));
      else return;
      const report = (messageId) =>
        context.report({ node: node.source, messageId, data: { target: source } });
      if (file.includes(SERVER)) {
        const targetModule = moduleOf(target);
        if (!targetModule) return;
        if (file.includes(`${SERVER}lib${path.sep}`)) {
          // A test of lib may use a module's table as its example data.
          if (!file.endsWith('.test.ts')) report('lib');
          return;
        }
        const own = moduleOf(file);
        const entry = ['index.ts', 'tables.ts'].includes(path.basename(target));
        if (own !== targetModule && !entry) report('module');
        return;
      }
      if (file.includes(PAGES) && target.includes(PAGES)) {
        const own = pageOf(file);
        const other = pageOf(target);
        if (own && other && !inside(own, other) && !inside(other, own)) report('page');
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { imports: rule, 'module-cycles': moduleCycles } };
