import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { appShell } from './vite/app-shell';
import { dictionaryChunks } from './vite/dictionary';
import { flowsLayouts } from './vite/flows-layouts';
import { routeChunks } from './vite/route-chunks';

/** The libraries every page runs before its first render. */
const RUNTIME = /node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|use-sync-external-store|xstate|@xstate[\\/]react|wouter|regexparam|ofetch|ufo|destr)[\\/]/;

const pg = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

export default defineConfig(({ command, mode }) => {
  // A build's flavour follows its mode alone (production unless `--mode development`), whatever NODE_ENV the shell
  // has: Vite lets the shell's NODE_ENV pick React's development build, so `NODE_ENV=development npm start` served one.
  if (command === 'build') process.env.NODE_ENV = mode === 'development' ? 'development' : 'production';
  return {
    // React Aria ships its own strings (calendar, combobox, menu…) in 34 languages; keep the two the app speaks.
    plugins: [react(), optimizeLocales.vite({ locales: ['en', 'ar'] }), dictionaryChunks(), flowsLayouts(), appShell()],
    // The manifest lets bench/web.ts count the JavaScript each route loads first.
    build: {
      outDir: 'dist/app', emptyOutDir: true, sourcemap: true, manifest: true,
      modulePreload: {
        // The home page's featured hotels load once it is idle (src/features/public/Home.tsx): the list of their files
        // would only add to the home chunk, whose first load is budgeted. Their chunk fetches them as it runs.
        // The libraries' chunk is in before any screen is imported (the entry imports it), so no screen's list needs
        // to name it: two names fewer in each of some 200 lists the entry carries.
        resolveDependencies: (file, deps, { hostType }) =>
          file.includes('FeaturedHotels') ? [] : hostType === 'js' ? deps.filter((d) => !/(^|\/)(rolldown-runtime|runtime)-[\w-]+\.js$/.test(d)) : deps,
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The libraries every page runs before its first render, in one file beside the entry instead of a dozen
            // that each cost a request and compress apart; the app's modules in chunks cut by the routes that load them.
            groups: [{ name: 'runtime', priority: 1, test: RUNTIME }, routeChunks(import.meta.dirname, RUNTIME)],
          },
        },
      },
    },
    // `npm run dev`: the app's development server sends the API server's own paths on to it.
    server: { proxy: Object.fromEntries(['/api', '/sanctum', '^/dev/', '/sandbox'].map((p) => [p, `http://localhost:${process.env.PORT ?? 8080}`])) },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
            exclude: ['tests/pg/**', 'tests/app/**'],
            globalSetup: ['tests/support/global-setup.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
            // Vitest's default keeps a core for itself, which on a two-core machine runs the files one at a time;
            // two workers there took the suite from 12.5 to 7.7 minutes.
            maxWorkers: Math.max(2, availableParallelism() - 1),
            // The files a worker runs share their imports (the server is loaded once per worker, not once per file):
            // each builds its own app and database, and module-level state is keyed by the app or database it serves.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'app',
            // The app's modules, some replaced by vi.mock for a file: each file imports them afresh.
            include: ['tests/app/**/*.test.ts', 'tests/app/**/*.test.tsx'],
            environment: 'node',
            testTimeout: 30_000,
            maxWorkers: Math.max(2, availableParallelism() - 1),
          },
        },
        {
          extends: true,
          test: {
            name: 'pg',
            // The API suite again, plus races that only a real server can show, against PostgreSQL.
            include: ['tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts'],
            globalSetup: ['tests/support/global-setup.ts'],
            env: { TEST_DATABASE_URL: pg, TEST_DB: 'pg' },
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
            // Two files at a time, each on its own copy of the template database (and its own ports and folders
            // where it starts servers), so they share nothing but the machine; a worker loads the server once.
            maxWorkers: 2,
            isolate: false,
          },
        },
      ],
    },
  };
});
