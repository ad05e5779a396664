import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { browserOnlyBundle } from './scripts/browser-only-bundle.ts';
import {
  CATALOGUE_PART_MODULE,
  CATALOGUE_PARTS,
  type CataloguePart,
  inCataloguePart,
} from './src/lib/i18n/catalogue-parts.ts';

const CSP_NONCE_PLACEHOLDER = '__LAUREL_CSP_NONCE__';
const apiTarget = process.env.LAUREL_API_URL ?? 'http://127.0.0.1:3000';

/**
 * Vendor code is grouped by how often it changes and by which screen first needs it, so the
 * sign-in screen loads React, MUI core and the router only; the identity client (aws-amplify)
 * and the icon set arrive with the screens that use them.
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  {
    name: 'amplify',
    test: /[\\/]node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy|@aws-sdk|js-cookie)[\\/]/,
    priority: 40,
  },
  { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs|pngjs)[\\/]/, priority: 40 },
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  {
    // The chosen language: part of the sign-in screen, though MUI's theme and the formatting
    // helpers read it too (without this, MUI's chunk takes it and the sign-in screen loads MUI).
    name: 'app',
    test: /[\\/]src[\\/]lib[\\/]i18n[\\/]language\.ts$/,
    priority: 30,
  },
  {
    name: 'redux',
    test: /[\\/]node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
    priority: 30,
  },
];

const SRC = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The requests a visit with a stored session sends as the page starts: a module importing nothing,
 * an entry of its own, which the server names as a script on such a visit's page, so that it runs
 * before React has arrived (the app does not import it; it finds the requests on `window`).
 */
const EARLY_REQUESTS = `${SRC}lib/api/early-requests.ts`;

/** The modules that show the sign-in screen: the entry's and those of the sign-in frame and form. */
const FIRST_SCREEN = {
  entry: `${SRC}main.tsx`,
  signIn: [
    `${SRC}features/auth/components/auth-layout.tsx`,
    `${SRC}features/auth/routes/password-sign-in.tsx`,
  ],
};

/**
 * The modules a signed-in visit to `/` fetches ahead of its first render (`startFirstScreen`): the
 * dashboard's data requests, the shell every signed-in screen sits in, the dashboard's greeting and
 * its sections (their own chunk, so that the greeting shows first).
 */
const SIGNED_IN_SCREEN = {
  // MUI with the app's theme: the screens after the sign-in screen are drawn with it.
  theme: `${SRC}lib/theme/app-theme-provider.tsx`,
  prefetch: `${SRC}app/routes/dashboard/prefetch.ts`,
  // Loaded with the prefetch (before the first render of a visit with a session): the store and
  // the session's store actions, so that they are not requests of their own.
  store: `${SRC}app/store.ts`,
  sessionStore: `${SRC}lib/auth/session-store.ts`,
  shell: `${SRC}app/shell/app-shell.tsx`,
  dashboard: `${SRC}app/routes/dashboard.tsx`,
  sections: `${SRC}app/routes/dashboard/sections.tsx`,
};

/**
 * Modules that keep chunks of their own: the entry and the sign-in screen's routes. The signed-in
 * first screen's route modules (the prefetch, shell, dashboard and sections) go into their parts'
 * chunks, one request each instead of two: on a phone's connection the four fewer requests took
 * about 150 ms off Lighthouse's mobile LCP of the dashboards.
 */
const ROUTE_MODULES = new Set([FIRST_SCREEN.entry, ...FIRST_SCREEN.signIn]);

/**
 * Modules that `@mui/system`'s index re-exports but no first screen uses: the graph reaches them
 * through that index (imported by MUI's `Box`), and they would otherwise join the sign-in chunk
 * `ui`. They stay with the screens that use them.
 */
const REEXPORTED_ONLY = /[\\/]node_modules[\\/]@mui[\\/]system[\\/](Grid|Stack)[\\/]/;

const NODE_MODULES = /[\\/]node_modules[\\/]/;

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

/** Every module `roots` import statically, directly or not. */
function staticClosure(roots: string[], getModuleInfo: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

type FirstScreenPart = 'ui' | 'app' | 'sign-in' | 'prefetch' | 'shell' | 'dashboard' | 'sections';

let firstScreens:
  { part: Exclude<FirstScreenPart, 'app' | 'sign-in'>; modules: Set<string> }[] | undefined;
let signInScreen: Set<string> | undefined;

/** Which of the first screens' shared chunks `id` belongs to, if any. */
function firstScreenPart(id: string, context: Rolldown.ChunkingContext): FirstScreenPart | null {
  // The entry and the sign-in screen's routes keep chunks of their own (and their places in the
  // manifest).
  if (!/\.[cm]?[jt]sx?$/.test(id) || ROUTE_MODULES.has(id) || REEXPORTED_ONLY.test(id)) return null;
  const getModuleInfo: ModuleInfoOf = (moduleId) => context.getModuleInfo(moduleId);
  signInScreen ??= staticClosure([FIRST_SCREEN.entry, ...FIRST_SCREEN.signIn], getModuleInfo);
  if (signInScreen.has(id)) return id.startsWith(`${SRC}features/auth/`) ? 'sign-in' : 'app';
  // Each later part takes what its roots import that no earlier part holds, so a part only ever
  // imports from the parts before it. `ui` takes only libraries: MUI, its style engine and the
  // components the shell uses, which every screen after the sign-in screen needs.
  firstScreens ??= (['ui', 'prefetch', 'shell', 'dashboard', 'sections'] as const).map((part) => ({
    part,
    modules: staticClosure(
      part === 'ui'
        ? [SIGNED_IN_SCREEN.theme, SIGNED_IN_SCREEN.shell]
        : part === 'prefetch'
          ? [SIGNED_IN_SCREEN.prefetch, SIGNED_IN_SCREEN.store, SIGNED_IN_SCREEN.sessionStore]
          : [SIGNED_IN_SCREEN[part]],
      getModuleInfo,
    ),
  }));
  return (
    firstScreens.find(
      ({ part, modules }) => modules.has(id) && (part !== 'ui' || NODE_MODULES.test(id)),
    )?.part ?? null
  );
}

/**
 * What the first screens import, in a few chunks rather than a hundred small ones (a file
 * compresses better whole, and each request costs a round trip on a phone). The sign-in screen's:
 * the libraries (MUI, its style engine), the app's shared code (the signed-in screens need most of
 * both), and the sign-in feature's own modules, which a signed-in visit does not load. A signed-in
 * visit's: the dashboard's data requests, the shell, the dashboard's greeting and its sections. Each is a group of its own,
 * in this order, because a group also takes in the modules its modules import.
 */
const firstScreenGroups = (
  ['ui', 'app', 'sign-in', 'prefetch', 'shell', 'dashboard', 'sections'] as const
).map((part, index) => ({
  name: (id: string, context: Rolldown.ChunkingContext) =>
    firstScreenPart(id, context) === part ? part : null,
  debugName: part,
  priority: 12 - index,
}));

/**
 * The Latin files of the Lato weights the entry imports (`main.tsx`): every screen's text is set
 * in them. Found by the browser only once text is laid out, they were requested when the first
 * screen was about to paint (Lighthouse's mobile sign-in: LCP 2.46 → 2.23 s with the preloads).
 */
const PRELOADED_FONT = /^assets\/lato-latin-\d+-normal-[\w-]+\.woff2$/;

/** `<link rel="preload">` of each of the first screen's fonts in the built index.html. */
function preloadFonts(): Plugin {
  return {
    name: 'laurel-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {})
          .filter((file) => PRELOADED_FONT.test(file))
          .sort();
        if (fonts.length === 0) throw new Error('the build holds none of the preloaded fonts');
        return fonts.map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
            href: `/${file}`,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** MUI's number formatter factory, which its table pagination calls as its module is evaluated. */
const MUI_NUMBER_FORMAT =
  /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/;
const APP_NUMBER_FORMAT = `${SRC}lib/format/mui-number-format.ts`;

/**
 * Resolves MUI's number formatter factory to the app's (`lib/format/mui-number-format.ts`), which
 * writes en-US numbers without `Intl`: MUI's made an `Intl.NumberFormat` as the table pagination's
 * module was evaluated, the first `Intl` object of a dashboard, whose locale data then loaded in
 * that task (25–35 ms of main thread on a desktop, four times that on a phone; decision 045).
 * Fails the build when it finds nothing to resolve, so that a change in MUI does not silently
 * bring that back.
 */
function appNumberFormatForMui(): Plugin {
  let resolved = false;
  return {
    name: 'laurel-mui-number-format',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /buildFormatNumber/ },
      async handler(source, importer, options) {
        if (!importer?.includes('@mui')) return null;
        const target = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!target || !MUI_NUMBER_FORMAT.test(target.id)) return null;
        resolved = true;
        return APP_NUMBER_FORMAT;
      },
    },
    buildEnd(error) {
      if (!error && !resolved)
        this.error(
          "MUI's buildFormatNumber was not found: see appNumberFormatForMui in vite.config.ts",
        );
    },
  };
}

/** The message catalogues (`lib/i18n/messages/*.json`). */
const CATALOGUE = /[\\/]src[\\/]lib[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json$/;
/** The ICU message parser's entry, as react-intl's formatter imports it. */
const MESSAGE_PARSER = /^@formatjs\/icu-messageformat-parser$/;

/**
 * Ships the catalogues parsed and the app without the ICU message parser (decision 065): each
 * message becomes the syntax tree react-intl would build from it in the browser, and the
 * formatter's import of the parser resolves to the package's `no-parser` entry, which formats
 * trees only. The sign-in screen's JavaScript loses the parser (about 6 KB brotli). A message that
 * does not parse fails the build. Tests and `vite dev` keep the catalogues as written.
 */
function parsedCatalogues(): Plugin {
  let replaced = false;
  return {
    name: 'laurel-parsed-catalogues',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: MESSAGE_PARSER },
      async handler(source, importer, options) {
        if (importer && CATALOGUE.test(importer)) return null;
        const target = await this.resolve(`${source}/no-parser.js`, importer, {
          ...options,
          skipSelf: true,
        });
        if (target) replaced = true;
        return target;
      },
    },
    transform: {
      filter: { id: CATALOGUE },
      handler(code, id) {
        const messages = JSON.parse(code) as Record<string, string>;
        const parsed: Record<string, unknown> = {};
        for (const [key, message] of Object.entries(messages)) {
          try {
            parsed[key] = parseMessage(message);
          } catch (error) {
            this.error(`${id}: the message "${key}" does not parse: ${String(error)}`);
          }
        }
        // Still JSON: Vite's own plugin makes the module of it.
        return { code: JSON.stringify(parsed), map: null };
      },
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error(
          "react-intl's import of the ICU message parser was not found: see parsedCatalogues in vite.config.ts",
        );
    },
  };
}

/**
 * The parts of a catalogue that load on their own (`lib/i18n/catalogue-parts.ts`): the module
 * `virtual:laurel-catalogue/<language>/<part>` holds the messages of that part, parsed in the
 * build as `parsedCatalogues` parses whole catalogues, as written in tests and `vite dev`.
 */
function catalogueParts(): Plugin {
  const PREFIX = '\0laurel-catalogue:';
  let parse = false;
  return {
    name: 'laurel-catalogue-parts',
    enforce: 'pre',
    configResolved(config) {
      parse = config.command === 'build';
    },
    resolveId(source) {
      return source.startsWith(CATALOGUE_PART_MODULE)
        ? PREFIX + source.slice(CATALOGUE_PART_MODULE.length)
        : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [language, part] = id.slice(PREFIX.length).split('/') as [string, CataloguePart];
      if (!/^[a-z]{2}$/.test(language) || !(part in CATALOGUE_PARTS))
        this.error(`${id}: no such catalogue part (lib/i18n/catalogue-parts.ts)`);
      const file = `${SRC}lib/i18n/messages/${language}.json`;
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const picked: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        if (!inCataloguePart(part, key)) continue;
        try {
          picked[key] = parse ? parseMessage(message) : message;
        } catch (error) {
          this.error(`${file}: the message "${key}" does not parse: ${String(error)}`);
        }
      }
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}

/** React Router's entry modules as its package's exports resolve them: the development build. */
const ROUTER_DEVELOPMENT_ENTRY =
  /([\\/]node_modules[\\/]react-router[\\/]dist[\\/])development([\\/](?:index|dom-export)\.mjs)$/;
const ROUTER_DEVELOPMENT_MODULE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/;

/**
 * Builds the app with React Router's production modules. Its package's exports name only its
 * development build, for production as well (a choice its authors call temporary), whose
 * `ENABLE_DEV_WARNINGS` keeps the development warnings and their checks in the first screens'
 * code; the production build beside it is the same code with that flag off. `react-router` and
 * `react-router/dom` are resolved to it; the build fails if it is missing or if any development
 * module of the router is still bundled, so that an upgrade that moves the files is noticed.
 */
function routerProductionBuild(): Plugin {
  return {
    name: 'laurel-router-production-build',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router(?:\/dom)?$/ },
      async handler(source, importer, options) {
        const target = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!target || !ROUTER_DEVELOPMENT_ENTRY.test(target.id)) return target;
        const production = target.id.replace(ROUTER_DEVELOPMENT_ENTRY, '$1production$2');
        if (!existsSync(production))
          this.error(
            `React Router's production build is missing (${production}): see routerProductionBuild in vite.config.ts`,
          );
        return { ...target, id: production };
      },
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') {
          const development = file.moduleIds.find((id) => ROUTER_DEVELOPMENT_MODULE.test(id));
          if (development)
            this.error(
              `${file.fileName} bundles React Router's development build (${development}): see routerProductionBuild in vite.config.ts`,
            );
        }
    },
  };
}

/** Where the build lists the signed-in first screen's files for the server (see `signedInFiles`). */
const SIGNED_IN_FILES = '.vite/signed-in.json';

/**
 * Lists, for the server, the files a visit with a stored session fetches before its first render
 * beyond those index.html names: the early requests' chunk (`early`, run as a script of its own),
 * the signed-in frame's (`frame`: the theme, the store, the shell)
 * and, on `/`, the dashboard's (`home`), each with the chunks they import, scripts and styles
 * apart. The server names them in the page of such a visit (`<link rel="modulepreload">`), so that
 * they are requested with React rather than once the entry has run (docs/decisions/041).
 */
function signedInFiles(): Plugin {
  return {
    name: 'laurel-signed-in-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The chunk holding module `id`. */
      const chunkOf = (id: string) => {
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) throw new Error(`the build holds no chunk for ${id}`);
        return chunk;
      };
      /** The chunks holding `modules`, with every chunk they import statically. */
      const closure = (modules: string[]) => {
        const seen = new Set<string>();
        const queue = modules.map((id) => chunkOf(id).fileName);
        while (queue.length) {
          const file = queue.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          queue.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const entry = closure([FIRST_SCREEN.entry]);
      const frame = closure([
        SIGNED_IN_SCREEN.theme,
        SIGNED_IN_SCREEN.store,
        SIGNED_IN_SCREEN.sessionStore,
        SIGNED_IN_SCREEN.shell,
      ]);
      const home = closure([SIGNED_IN_SCREEN.prefetch, SIGNED_IN_SCREEN.dashboard]);
      /** Scripts and styles of `files` that index.html (or `before`) does not already name. */
      const listed = (files: Set<string>, before: Set<string>) => {
        const scripts = [...files].filter((file) => !entry.has(file) && !before.has(file));
        const styles = scripts.flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        return { scripts: scripts.sort(), styles: [...new Set(styles)].sort() };
      };
      const early = chunkOf(EARLY_REQUESTS);
      if (early.imports.length > 0)
        throw new Error(
          `the early requests must be a chunk importing no other (${early.imports.join(', ')})`,
        );
      const list = {
        early: early.fileName,
        frame: listed(frame, new Set()),
        home: listed(home, frame),
      };
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_FILES,
        source: `${JSON.stringify(list, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // A watching build works out the sign-in screen's modules afresh on each rebuild.
    {
      name: 'laurel-first-screen',
      buildStart: () => {
        signInScreen = undefined;
        firstScreens = undefined;
      },
    },
    appNumberFormatForMui(),
    routerProductionBuild(),
    parsedCatalogues(),
    catalogueParts(),
    // Fails the build when Node's modules or globals (Buffer, process, …) reach the bundle.
    browserOnlyBundle(),
    preloadFonts(),
    signedInFiles(),
    // Scripts, styles and images are stored brotli- and gzip-compressed beside the originals, at
    // the highest levels once per build, and the server sends whichever the browser accepts.
    // index.html is left out: the server fills in each page's nonce and compresses it per response.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  // The server replaces this with each page's nonce; the style engine reads it from the page's
  // <meta property="csp-nonce"> (apps/server/src/plugins/security-headers.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/identity': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/identity': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps reveal the sources; they are built only on request (WEB_SOURCEMAPS=true).
    sourcemap: /^(true|1|yes)$/i.test(process.env.WEB_SOURCEMAPS ?? ''),
    manifest: true,
    // Fonts stay files (the policy's font-src is 'self', no data: URLs); small images may inline.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // The page, and the early requests of a visit with a stored session (nothing imports them).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'early-requests': EARLY_REQUESTS,
      },
      output: {
        codeSplitting: {
          groups: [...vendorGroups, ...firstScreenGroups],
        },
      },
    },
  },
});
