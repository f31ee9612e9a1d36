import { parse } from 'csv-parse/sync';
import type { ApiClient } from './test-platform.js';

/** Sends a products CSV file as the body itself, as the import screen does. */
export async function uploadProducts(client: ApiClient, file: string | Buffer, fileName = 'products.csv') {
  const response = await fetch(`${client.baseUrl}/api/products/imports?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv', Authorization: `Bearer ${client.token}` },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

/** The import once it no longer runs. */
export async function importSettled(client: ApiClient, id: string, timeoutMs = 60_000, query = ''): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get(`/products/imports/${id}${query}`);
    if (answer.status !== 200) throw new Error(`import ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.body.status !== 'in_progress') return answer.body;
    if (Date.now() > deadline) throw new Error(`import ${id} still in progress`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts an export of `kind` and waits until it is done or failed. */
export async function exported(client: ApiClient, kind: 'products' | 'categories' | 'diagnostic-questions', timeoutMs = 60_000): Promise<Record<string, any>> {
  const started = await client.post(`/${kind}/exports`);
  if (started.status !== 202) throw new Error(`export: ${started.status} ${JSON.stringify(started.body)}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get(`/${kind}/exports/${started.body.id}`);
    if (answer.status !== 200) throw new Error(`export: ${answer.status}`);
    if (answer.body.status === 'done' || answer.body.status === 'failed') return answer.body;
    if (Date.now() > deadline) throw new Error('export still running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The export's file as downloaded through its link (no token needed besides the link's). */
export async function downloaded(baseUrl: string, url: string): Promise<{ status: number; bytes: Buffer; text: string; contentType: string | null }> {
  const response = await fetch(`${baseUrl}${url}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, text: bytes.toString('utf8'), contentType: response.headers.get('content-type') };
}

/** A CSV file as rows of cells (its BOM dropped), as a spreadsheet would read it. */
export function rowsOf(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: true }) as string[][];
}

/** Rows back to a file, as a spreadsheet saves it (semicolons, CRLF, quoted where needed). */
export function fileOf(rows: string[][]): string {
  const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
