import { createHash } from 'node:crypto';
import { createServer, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { STORAGE_KEYS } from '../../protocol/src/limits.ts';

const PLACEHOLDER = '<!--landing-->';

/**
 * Runs before the first paint, so it is a blocking script (the CSP allows no inline one): the
 * stored theme, and whether the page being opened is the landing page index.html carries. Any
 * other route hides it until the app renders, instead of flashing it, and fetches the app's
 * modules at once (listed in `<meta name="app-modules">`) rather than after the entry ran.
 */
const bootScript = `(function () {
  var root = document.documentElement;
  try {
    if (localStorage.getItem(${JSON.stringify(STORAGE_KEYS.darkmode)}) === '1') root.classList.add('dark');
  } catch (e) {}
  var hash = location.hash;
  if (hash.indexOf('#/') !== 0 || hash === '#/') return;
  root.setAttribute('data-route', 'app');
  var modules = document.querySelector('meta[name="app-modules"]');
  (modules ? modules.content.split(' ') : []).forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
})();
`;

/**
 * The entry HTML as a phone needs it for a fast first visit: the landing page rendered at build
 * time in place of `<!--landing-->`, the boot script, and a preload of the Latin Inter font.
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
        const landing = await renderLandingHtml();
        const font = Object.keys(ctx.bundle ?? {}).find((name) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(name),
        );
        if (!font) throw new Error('the Latin Inter font is missing from the bundle');
        return {
          html: html.replace(PLACEHOLDER, `<div data-prerendered>${landing}</div>`),
          tags: [
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

/** Renders the landing route through Vite's module loader, so the app's own source is used. */
async function renderLandingHtml(): Promise<string> {
  const server = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as { renderLanding: () => string };
    return mod.renderLanding();
  } finally {
    await server.close();
  }
}
