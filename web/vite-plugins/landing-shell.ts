import { createHash } from 'node:crypto';
import { createServer, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { STORAGE_KEYS } from '../../protocol/src/limits.ts';
import { EARLY_READS, framedScreen, PRERENDERED_ROUTES } from '../src/app/boot.ts';
import { ROOM_REF } from '../src/app/room-ref.ts';

const PLACEHOLDER = '<!--landing-->';

// The routes besides the landing page that index.html carries, rendered at build time.
const PRERENDERED = PRERENDERED_ROUTES;

/** The signed-in screens whose frame index.html carries (src/app/boot.ts's framedScreen). */
type FramedScreen = NonNullable<ReturnType<typeof framedScreen>>;
const FRAMED_SCREENS: FramedScreen[] = ['home', 'chat'];

/**
 * Runs before the first paint, so it is a blocking script (the CSP allows no inline one), twice.
 * In the head: the stored theme, and whether the page being opened is one index.html carries (the
 * landing page, the login or register form: their app loads after the first paint, see
 * src/app/main.tsx). Any other route hides the landing page until the app renders, instead of
 * flashing it, and fetches the app's modules (listed in `<meta name="app-modules">`) rather than
 * after the entry ran; /home and a chat, which only a signed-in user sees and whose frame the page
 * carries (src/app/boot.ts's framedScreen, whose source this script runs), also fetch their
 * screen's modules (the navbar's signed-in parts, the sidebar, the screen: `home-modules`,
 * `chat-modules`) beside them instead of after the session's answer, the app's start and the
 * signed-in parts in turn, once their frame has been painted. A chat also asks at once for the
 * session and, when it is a signed-in one, for the room (name, rights: what the chat's header and
 * composer need), which the app's first reads take (src/app/boot.ts's takeEarlyRead) instead of
 * asking once the app has started and rendered. So does the landing page itself for a user this
 * browser knows as signed in (the session kept for offline starts): their page and the navbar's
 * tabs come together from the app, never the visitor's page under an empty bar first. At the end
 * of the body (the same file, from the cache): a login or register route puts its prerendered
 * form in #root, /home and a chat their frame (not a chat at an address that cannot name a room:
 * the app says so).
 */
const bootScript = `(function () {
  var html = document.documentElement;
  var hash = location.hash;
  var prerendered = ${JSON.stringify(Object.keys(PRERENDERED))}.indexOf(hash) >= 0;
  var screen = (${framedScreen.toString()})(hash);
  var room = screen === 'chat' ? hash.slice(7).split(/[?#/]/)[0] : '';
  if (screen === 'chat' && !/${ROOM_REF.source}/.test(room)) screen = null;
  var root = document.getElementById('root');
  if (root) {
    var shell = (prerendered || screen) && document.querySelector('template[data-shell="' + (prerendered ? hash : screen) + '"]');
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
  if (screen === 'chat' && window.fetch) {
    var get = function (url) {
      return fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    };
    var reads = (window.${EARLY_READS} = {});
    var session = (reads['/api/session/'] = get('/api/session/'));
    var url = '/api/rooms/' + room + '/';
    reads[url] = session
      .then(function (res) {
        return res.clone().json();
      })
      .then(function (answer) {
        if (answer && answer.is_authenticated === true) return get(url);
        throw new Error('signed out');
      });
    reads[url].catch(function () {});
    setTimeout(function () {
      delete reads[url];
      delete reads['/api/session/'];
    }, 15000);
  }
  var modules = document.querySelector('meta[name="app-modules"]');
  var hrefs = modules ? modules.content.split(' ') : [];
  var screenModules = screen && document.querySelector('meta[name="' + screen + '-modules"]');
  if (screenModules) hrefs = hrefs.concat(screenModules.content.split(' '));
  // Each link costs the main thread a few milliseconds on a phone as the browser starts its
  // request: the 50 of a chat would be one long task, so they are put in three at a time, a task each.
  var preload = function () {
    hrefs.splice(0, 3).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (hrefs.length) setTimeout(preload, 0);
  };
  // A screen's frame comes with the page: it is painted first, without sharing the link with the
  // code (a background tab paints nothing until shown: its code is asked for at once).
  if (screen && document.visibilityState !== 'hidden') requestAnimationFrame(function () {
    setTimeout(preload, 0);
  });
  else preload();
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
        const { pages, frames } = await renderPages(['/', ...Object.values(PRERENDERED)]);
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
            ...FRAMED_SCREENS.map((screen) => ({
              tag: 'template',
              attrs: { 'data-shell': screen },
              children: `<div data-prerendered-route>${frames.get(screen)}</div>`,
              injectTo: 'body' as const,
            })),
            { tag: 'script', attrs: { src: `/${bootFile}` }, injectTo: 'body' },
            {
              tag: 'meta',
              attrs: { name: 'app-modules', content: appModules(ctx.bundle ?? {}).join(' ') },
              injectTo: 'head-prepend',
            },
            ...FRAMED_SCREENS.map((screen) => ({
              tag: 'meta',
              attrs: {
                name: `${screen}-modules`,
                content: screenModules(ctx.bundle ?? {}, screen).join(' '),
              },
              injectTo: 'head-prepend' as const,
            })),
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

/** The chunks of `sources` (modules of src/) and everything they import statically, as file names. */
function staticClosure(bundle: OutputBundle, sources: string[]): Set<string> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const source of sources) {
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/src/${source}`));
    if (!chunk) throw new Error(`the chunk of src/${source} is missing from the bundle`);
    visit(chunk.fileName);
  }
  return seen;
}

/** The app's chunk (src/app/app.tsx) and everything it imports statically, as URLs. */
function appModules(bundle: OutputBundle): string[] {
  return [...staticClosure(bundle, ['app/app.tsx'])].map((fileName) => `/${fileName}`);
}

/**
 * What a signed-in first visit of /home or a chat loads before its first render besides the app
 * (app.tsx's mountApp): the navbar's signed-in parts, the sidebar and the screen, as URLs.
 */
function screenModules(bundle: OutputBundle, screen: FramedScreen): string[] {
  const app = staticClosure(bundle, ['app/app.tsx']);
  const screenChunks = staticClosure(bundle, [
    'app/signed-in.tsx',
    'features/sidebar/components/sidebar-layout.tsx',
    `app/routes/${screen}.tsx`,
  ]);
  return [...screenChunks].filter((fileName) => !app.has(fileName)).map((fileName) => `/${fileName}`);
}

/**
 * Renders visitors' routes, and the frames of /home and a chat before their data, through Vite's
 * module loader, so the app's own source is used.
 */
async function renderPages(
  paths: Array<'/' | '/login' | '/register'>,
): Promise<{ pages: Map<string, string>; frames: Map<FramedScreen, string> }> {
  const server = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      renderRoute: (path: '/' | '/login' | '/register') => string;
      renderFrame: (screen: FramedScreen) => string;
    };
    return {
      pages: new Map(paths.map((path) => [path, mod.renderRoute(path)])),
      frames: new Map(FRAMED_SCREENS.map((screen) => [screen, mod.renderFrame(screen)])),
    };
  } finally {
    await server.close();
  }
}
