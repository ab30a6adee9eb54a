import { readFile } from 'node:fs/promises';
import type { Server as TlsServer } from 'node:tls';

/** Where the API's certificate chain and private key live (`TLS_CERT_FILE`, `TLS_KEY_FILE`), PEM. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** The PEM contents handed to the HTTPS server. */
export interface TlsCredentials {
  cert: Buffer;
  key: Buffer;
}

async function readNamed(path: string, variable: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${variable} ${JSON.stringify(path)} cannot be read: ${reason}`);
  }
}

/** Reads both files; a missing or unreadable one throws naming its variable. */
export async function readTlsCredentials(files: TlsFiles): Promise<TlsCredentials> {
  const [cert, key] = await Promise.all([
    readNamed(files.certFile, 'TLS_CERT_FILE'),
    readNamed(files.keyFile, 'TLS_KEY_FILE'),
  ]);
  return { cert, key };
}

/**
 * Re-reads the files and swaps the listening server's certificate: connections opened from now on
 * get the new one, open connections keep theirs, so nothing is dropped. A file that cannot be read
 * or a key that does not match the certificate throws and leaves the old certificate in place.
 */
export async function reloadTlsCredentials(server: TlsServer, files: TlsFiles): Promise<void> {
  server.setSecureContext(await readTlsCredentials(files));
}
