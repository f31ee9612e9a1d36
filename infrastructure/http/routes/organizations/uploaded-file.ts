import type { Request } from 'express';

/**
 * The file of an upload route's body (route.ts UploadSpec): the body itself
 * when sent as the file's type (its name in `?fileName=`), or the `file`
 * field of a multipart/form-data body (its name from the part's header).
 * A multipart body without a file part gives no file.
 */
export function uploadedFile(request: Request, nameFromQuery: string | undefined): { bytes: Buffer | null; fileName: string | null } {
  const body = Buffer.isBuffer(request.body) ? request.body : null;
  if (!body || body.length === 0) return { bytes: null, fileName: nameFromQuery ?? null };
  if (!request.is('multipart/form-data')) return { bytes: body, fileName: nameFromQuery ?? null };
  const boundary = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(request.header('content-type') ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  return marker ? filePart(body, marker) : { bytes: null, fileName: null };
}

/** The first part named `file` (else the first part with a file name) of a multipart body. */
function filePart(body: Buffer, boundary: string): { bytes: Buffer | null; fileName: string | null } {
  const delimiter = Buffer.from(`--${boundary}`);
  let fallback: { bytes: Buffer; fileName: string | null } | null = null;
  for (let start = body.indexOf(delimiter); start >= 0; ) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length, next);
    start = next;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    // The part's content ends before the CRLF that precedes the next delimiter.
    const content = part.subarray(headerEnd + 4, part.length >= headerEnd + 6 ? part.length - 2 : part.length);
    if (name === 'file') return { bytes: content.length > 0 ? content : null, fileName: fileName?.slice(0, 255) ?? null };
    if (fileName !== null && fallback === null) fallback = { bytes: content, fileName: fileName.slice(0, 255) };
  }
  return fallback && fallback.bytes.length > 0 ? fallback : { bytes: null, fileName: null };
}
