/** A compute thread entry that ends its thread on the first call: the pool's tests of a dying thread. */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => process.exit(3));
