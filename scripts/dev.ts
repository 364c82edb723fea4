/** Development: the API server (restarting on change) and Vite's dev server, side by side. */
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The root tsconfig.json only references the two projects; the aliases live in tsconfig.node.json.
    env: { ...process.env, PORT: process.env.PORT ?? '8080', TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
