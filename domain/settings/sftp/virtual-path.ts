/**
 * Where an SFTP request's path leads inside an account's folder. The folder
 * is flat (no sub-folders): a path is the root or one file name in it,
 * relative paths read from the root. A path climbing above the root
 * (`../other-account/x`), holding a NUL, a backslash or a name that is no
 * file name is refused (null): the server answers PERMISSION_DENIED and
 * nothing outside the folder is ever named.
 */
export type VirtualPath = { kind: 'root' } | { kind: 'file'; name: string };

const MAX_NAME = 255;

export function resolveVirtualPath(requested: string): VirtualPath | null {
  if (requested.length > 4096 || /[\0\\]/.test(requested)) return null;
  const segments: string[] = [];
  for (const segment of requested.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  if (segments.length === 0) return { kind: 'root' };
  if (segments.length > 1) return null;
  const name = segments[0] as string;
  if (name.length > MAX_NAME || name.startsWith('.')) return null;
  return { kind: 'file', name };
}
