/**
 * The SQLite checkpoint thread's entry (`database.checkpoint.ts` starts it): a connection of its own
 * to the database file that runs the checkpoints it is asked for, one at a time, so the copying of
 * the WAL into the database file never happens on the event loop of the process.
 */
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointAnswer, CheckpointCall } from './database.checkpoint.ts';

const port = parentPort;
if (port === null) throw new Error('database.checkpoint.worker runs only as a worker thread');
const { file } = workerData as { file: string };
const database = new SQLite(file, { fileMustExist: true });
// This connection never writes; were it to, it must not checkpoint on a commit of its own either.
database.pragma('wal_autocheckpoint = 0');

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

function answerTo(call: CheckpointCall): CheckpointAnswer {
  try {
    if (call.kind === 'close') {
      // When this is the last connection to the file, closing it checkpoints what is left and
      // deletes the WAL, here rather than on a main thread.
      database.close();
      return { id: call.id, closed: true };
    }
    database.pragma(`busy_timeout = ${call.busyTimeoutMs}`);
    const [row] = database.pragma(`wal_checkpoint(${call.mode})`) as CheckpointRow[];
    return {
      id: call.id,
      busy: row === undefined || row.busy !== 0,
      walFrames: row?.log ?? -1,
      checkpointedFrames: row?.checkpointed ?? -1,
    };
  } catch (error) {
    return { id: call.id, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (call: CheckpointCall) => port.postMessage(answerTo(call)));
