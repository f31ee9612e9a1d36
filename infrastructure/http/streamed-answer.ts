import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Logger } from 'pino';

/** A route's raw answer (a file, a CSV) given as it is produced, not whole in memory. */
export function isStream(data: string | Buffer | AsyncIterable<string | Buffer>): data is AsyncIterable<string | Buffer> {
  return typeof data !== 'string' && !Buffer.isBuffer(data);
}

/** The stream with its first chunk already read: a failure before it still answers as an error, with a status of its own. */
export async function withFirstChunkRead(source: AsyncIterable<string | Buffer>): Promise<AsyncIterable<string | Buffer>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => iterator };
  })();
}

/**
 * Writes a streamed body as it comes, at the client's pace (backpressure).
 * The status is sent by then: a failure part-way is logged and cuts the
 * answer short (no final chunk), which the client sees as an incomplete
 * download; a client that leaves stops the source (its reads stop too).
 */
export async function stream(res: Response, source: AsyncIterable<string | Buffer>, logger: Logger, context: Record<string, unknown>): Promise<void> {
  try {
    await pipeline(Readable.from(source, { objectMode: false }), res);
  } catch (error) {
    const gone = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (gone) logger.debug({ ...context }, 'client left during a streamed answer');
    else logger.error({ err: error, ...context }, 'streamed answer failed part-way');
    res.destroy();
  }
}
