import { buildSandboxApp } from '../sandbox/index.ts';
import { readConfigOrExit } from './process.ts';

/**
 * The sandbox marketplaces in a process of their own, forked by the API process of `npm start`
 * (sandbox-process.ts) so they use the second core and never delay the service's event loop. Its
 * parent owns its lifetime: it exits when the IPC channel closes, which happens when the parent
 * stops it and also when the parent dies, even by SIGKILL; terminal and group signals are left to
 * the parent, which stops it in order.
 */
function runSandboxProcess(): void {
  // The API process that forked this one checked the whole configuration, CRAWL_LIMITS included.
  const config = readConfigOrExit(undefined);
  const sandbox = buildSandboxApp({ faults: config.sandboxFaults, pageWeight: config.sandboxPageWeight });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('disconnect', () => {
    void sandbox.close().finally(() => process.exit(0));
  });
  sandbox.listen({ port: config.sandboxPort, host: '127.0.0.1' }).then(
    () => process.send?.({ listening: config.sandboxPort }),
    (error: unknown) => {
      process.send?.({ error: error instanceof Error ? error.message : String(error) }, () =>
        process.exit(1),
      );
    },
  );
}

if (process.send === undefined) {
  process.stderr.write('pricecrawl: the sandbox process is started by `npm start` (SANDBOX_ENABLED)\n');
  process.exit(2);
}
runSandboxProcess();
