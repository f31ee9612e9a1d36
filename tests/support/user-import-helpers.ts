import type { ApiClient } from './test-platform.js';

/** Sends a users CSV file as the body itself (or a multipart form), as a browser would. */
export async function upload(client: ApiClient, file: string | Buffer, contentType = 'text/csv', query = '?fileName=users.csv', headers: Record<string, string> = {}) {
  const response = await fetch(`${client.baseUrl}/api/users/imports${query}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Authorization: `Bearer ${client.token}`, ...headers },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
}

/** The import once its job no longer works on it (ready, failed, interrupted or done). */
export async function settled(client: ApiClient, id: string, query = '', timeoutMs = 30_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get(`/users/imports/${id}${query}`);
    if (answer.status !== 200) throw new Error(`import ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (!['validating', 'running'].includes(answer.body.status)) return answer.body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${answer.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
