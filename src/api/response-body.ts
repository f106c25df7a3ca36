/**
 * Reading an answer's body with a size limit: the bytes are counted as they arrive and reading stops
 * at the limit, so no answer (a value of hundreds of megabytes, a body that never ends) can take more
 * memory than the limit. The time limit is the request's AbortSignal, which covers the body too.
 */

/** The most bytes datacompare reads from one answer of the service (the error names it). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The body was larger than the limit (`declared`: what its Content-Length said, when it said). */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor(
    readonly limitBytes: number,
    readonly declaredBytes?: number,
  ) {
    super(`the body is larger than ${limitBytes} bytes`);
  }
}

/** How much of a body has arrived so far (read by the caller when the time limit cuts it off). */
export interface BodyTally {
  headers: boolean;
  bytes: number;
}

/**
 * The body as text, at most `limitBytes`: beyond it `fail` throws BodyTooLargeError (a result we
 * cannot use whole), `cut` keeps the first `limitBytes` (an error page, of which a sentence is shown).
 */
export async function readBodyText(response: Response, limitBytes: number, overflow: 'fail' | 'cut', tally?: BodyTally): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (overflow === 'fail' && Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(limitBytes, declared);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      if (size + value.byteLength > limitBytes) {
        if (overflow === 'fail') throw new BodyTooLargeError(limitBytes);
        chunks.push(value.subarray(0, limitBytes - size));
        size = limitBytes;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
      if (tally) tally.bytes = size;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}
