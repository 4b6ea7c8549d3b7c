import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { stopAccepting } from './ops/shutdown';

/** Reads config, builds the app, listens; shuts down cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const { app, hub, demoAccounts } = await buildApp(config);
  if (demoAccounts.length > 0) printDemoAccounts(demoAccounts, config.dataDir, !config.databaseUrl);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn('forced exit');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopAccepting(app, hub);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`\n  ${config.productName} is running at http://${shown}:${config.port}\n`);
}

function printDemoAccounts(
  accounts: Array<{ username: string; password: string }>,
  dataDir: string,
  writeFile: boolean,
) {
  const lines = accounts.map((a) => `    ${a.username.padEnd(8)} ${a.password}`);
  console.log(['', '  Demo accounts (shown once; you can also register your own):', ...lines, ''].join('\n'));
  if (writeFile) {
    // Local demo data only: kept next to the SQLite file so the passwords are not lost.
    const file = path.join(dataDir, 'demo-accounts.txt');
    fs.writeFileSync(file, accounts.map((a) => `${a.username} ${a.password}`).join('\n') + '\n', {
      mode: 0o600,
    });
    console.log(`  (also saved to ${file})\n`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
