import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const fromHere = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The API server hosts the sign-in page at /login; the dev and preview servers do the same. */
function signInPageAtLogin(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = req.url ?? '';
    if (url === '/login' || url.startsWith('/login?'))
      req.url = '/main/login.html' + url.slice('/login'.length);
    next();
  };
  return {
    name: 'rx-sign-in-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  base: '/main/',
  plugins: [react(), signInPageAtLogin()],
  // `@/shared/…`, `@/app/…`: the console's own folders from anywhere, never `../../../../shared`.
  resolve: { alias: { '@': fromHere('src') } },
  server: {
    // The API, its live socket, and the public image addresses (`/files/<id>`).
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true }, '/files': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // A lazily loaded chunk brings its stylesheets first, but its scripts through the import itself:
    // a <link rel=modulepreload> inserted for every dependency of a page's chunk made Chromium fetch
    // and compile each cached module on the main thread, inside the insertion, in one long task
    // (~60-150 ms on a list page's first load); the import compiles them off the main thread. The
    // entry's own preloads, written into the page, stay.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      // index.html: the console (every /main/* path); login.html: the sign-in page served at /login.
      input: { index: fromHere('index.html'), login: fromHere('login.html') },
      // antd's helper packages (@rc-component/*) and its style engine do not declare that their
      // modules are free of side effects, so the bundler keeps whole packages (all of rc-form and its
      // validator, for one) for a single import. They are pure ES modules: let it drop what is unused.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/node_modules[\\/](@rc-component|@ant-design[\\/]cssinjs)[\\/]/.test(id) || id.endsWith('.css'),
      },
      output: {
        codeSplitting: {
          // Libraries every console page needs, in chunks that stay cached across releases. Only
          // what the entry loads anyway is grouped, so no page-only code is pulled forward.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
