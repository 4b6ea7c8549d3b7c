import { createHash } from 'node:crypto';
import { createServer, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { STORAGE_KEYS } from '../../protocol/src/limits.ts';
import { PRERENDERED_ROUTES } from '../src/app/boot.ts';

const PLACEHOLDER = '<!--landing-->';

// The routes besides the landing page that index.html carries, rendered at build time.
const PRERENDERED = PRERENDERED_ROUTES;

/**
 * Runs before the first paint, so it is a blocking script (the CSP allows no inline one), twice.
 * In the head: the stored theme, and whether the page being opened is one index.html carries (the
 * landing page, the login or register form: their app loads after the first paint, see
 * src/app/main.tsx). Any other route hides the landing page until the app renders, instead of
 * flashing it, and fetches the app's modules at once (listed in `<meta name="app-modules">`)
 * rather than after the entry ran. So does the landing page itself for a user this browser knows
 * as signed in (the session kept for offline starts): their page and the navbar's tabs come
 * together from the app, never the visitor's page under an empty bar first. At the end of the body (the same
 * file, from the cache): a login or register route puts its prerendered form in #root.
 */
const bootScript = `(function () {
  var html = document.documentElement;
  var hash = location.hash;
  var prerendered = ${JSON.stringify(Object.keys(PRERENDERED))}.indexOf(hash) >= 0;
  var root = document.getElementById('root');
  if (root) {
    var shell = prerendered && document.querySelector('template[data-shell="' + hash + '"]');
    if (shell) root.replaceChildren(shell.content.cloneNode(true));
    return;
  }
  try {
    if (localStorage.getItem(${JSON.stringify(STORAGE_KEYS.darkmode)}) === '1') html.classList.add('dark');
  } catch (e) {}
  var landing = hash === '' || hash === '#' || hash === '#/';
  if (landing && !signedIn()) return;
  if (!landing && hash.indexOf('#/') !== 0) return;
  html.setAttribute('data-route', prerendered ? 'shell' : 'app');
  if (prerendered) return;
  var modules = document.querySelector('meta[name="app-modules"]');
  (modules ? modules.content.split(' ') : []).forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
  function signedIn() {
    try {
      var kept = JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.session)}) || 'null');
      return !!(kept && kept.is_authenticated);
    } catch (e) {
      return false;
    }
  }
})();
`;

/**
 * The entry HTML as a phone needs it for a fast first visit: the landing page rendered at build
 * time in place of `<!--landing-->`, the login and register forms in templates, the boot script,
 * and a preload of the Latin Inter font.
 */
export function landingShell(): Plugin {
  const bootFile = `assets/boot-${createHash('sha256').update(bootScript).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'studium:landing-shell',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', fileName: bootFile, source: bootScript });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html lacks ${PLACEHOLDER}`);
        const pages = await renderPages(['/', ...Object.values(PRERENDERED)]);
        const font = Object.keys(ctx.bundle ?? {}).find((name) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(name),
        );
        if (!font) throw new Error('the Latin Inter font is missing from the bundle');
        return {
          html: html.replace(PLACEHOLDER, `<div data-prerendered>${pages.get('/')}</div>`),
          tags: [
            ...Object.entries(PRERENDERED).map(([hash, path]) => ({
              tag: 'template',
              attrs: { 'data-shell': hash },
              children: `<div data-prerendered-route>${pages.get(path)}</div>`,
              injectTo: 'body' as const,
            })),
            { tag: 'script', attrs: { src: `/${bootFile}` }, injectTo: 'body' },
            {
              tag: 'meta',
              attrs: { name: 'app-modules', content: appModules(ctx.bundle ?? {}).join(' ') },
              injectTo: 'head-prepend',
            },
            { tag: 'script', attrs: { src: `/${bootFile}` }, injectTo: 'head-prepend' },
            {
              tag: 'link',
              attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

/** The app's chunk (src/app/app.tsx) and everything it imports statically, as URLs. */
function appModules(bundle: OutputBundle): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const app = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/app.tsx'));
  if (!app) throw new Error('the app chunk (src/app/app.tsx) is missing from the bundle');
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(app.fileName);
  return [...seen].map((fileName) => `/${fileName}`);
}

/** Renders visitors' routes through Vite's module loader, so the app's own source is used. */
async function renderPages(paths: Array<'/' | '/login' | '/register'>): Promise<Map<string, string>> {
  const server = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      renderRoute: (path: '/' | '/login' | '/register') => string;
    };
    return new Map(paths.map((path) => [path, mod.renderRoute(path)]));
  } finally {
    await server.close();
  }
}
