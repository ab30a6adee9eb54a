import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../../src/pipeline/webhooks/verify.ts';

/** One request as a webhook receiver saw it: raw body kept for signature checks. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** 1-based arrival number at this receiver. */
  number: number;
  receivedAtMs: number;
}

/** How the receiver answers request `number`; may hold the response (never ending = hanging). */
export type ReceiverBehaviour = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** A real HTTP receiver on 127.0.0.1, port 0, recording every request and its concurrency. */
export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  inFlight: number;
  maxInFlight: number;
  /** Highest number of simultaneous requests carrying the same delivery id. */
  maxInFlightPerDelivery: number;
  close(): Promise<void>;
}

/**
 * Why a received delivery's signatures do not both verify under `secret` (the timestamped
 * `X-Service-Signature` and the plain `X-Signature`, each checked on its own), or undefined.
 */
export function signatureProblem(
  secret: string,
  request: Pick<ReceivedRequest, 'rawBody' | 'headers'>,
): string | undefined {
  const timestamped = verifyWebhook({ secret, rawBody: request.rawBody, headers: request.headers });
  const plain = verifyWebhook({
    secret,
    rawBody: request.rawBody,
    headers: { 'x-signature': request.headers['x-signature'] },
  });
  if (timestamped.ok && plain.ok) return undefined;
  return [timestamped, plain].flatMap((check) => (check.ok ? [] : [check.reason])).join('; ');
}

/** Starts a receiver; `behaviour` defaults to answering 200. */
export async function startReceiver(
  behaviour: ReceiverBehaviour = (_request, response) => void response.end('ok'),
): Promise<Receiver> {
  const perDelivery = new Map<string, number>();
  const receiver: Receiver = {
    url: '',
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    maxInFlightPerDelivery: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        number: receiver.requests.length + 1,
        receivedAtMs: Date.now(),
      };
      receiver.requests.push(request);
      const deliveryId = String(req.headers['x-service-delivery-id']);
      perDelivery.set(deliveryId, (perDelivery.get(deliveryId) ?? 0) + 1);
      receiver.inFlight += 1;
      receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
      receiver.maxInFlightPerDelivery = Math.max(
        receiver.maxInFlightPerDelivery,
        perDelivery.get(deliveryId) ?? 0,
      );
      res.on('close', () => {
        receiver.inFlight -= 1;
        perDelivery.set(deliveryId, (perDelivery.get(deliveryId) ?? 1) - 1);
      });
      void behaviour(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
