/**
 * `npm run dev`: the API from its TypeScript source, and the app from Vite's development server with hot reload
 * (React's and xstate's development builds, strict mode's checks), which sends the server's paths on to the API.
 * Open the app's address it prints (http://localhost:5173 unless DEV_APP_PORT says otherwise); emailed links and
 * payment returns point there too unless APP_URL says otherwise. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const appPort = Number(process.env.DEV_APP_PORT ?? 5173);
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${appPort}` },
});
const app = await createServer({ mode: 'development', server: { port: appPort, strictPort: true } });
await app.listen();
app.printUrls();

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  void app.close().finally(() => {
    if (api.exitCode === null) api.once('exit', (c) => process.exit(c ?? code)).kill('SIGTERM');
    else process.exit(code);
  });
};
api.on('exit', (c) => stop(c ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
