/**
 * The signed-in session of the dashboard: the bearer token and the module the
 * user works in (sent as X-Module). Kept in local storage so a reload or a
 * second tab stays signed in; read through a tiny store React subscribes to.
 */
export interface Session {
  token: string;
  module: string | null;
}

const STORAGE_KEY = 'dashboard.session';
type Listener = () => void;

function read(): Session | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Session> | null;
    return value && typeof value.token === 'string' ? { token: value.token, module: value.module ?? null } : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();
const listeners = new Set<Listener>();

export const sessionStore = {
  get(): Session | null {
    return current;
  },
  set(session: Session | null): void {
    current = session;
    try {
      if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage refused (private browsing): the session lasts for this page only.
    }
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing out (or in) applies here too.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  current = read();
  listeners.forEach((listener) => listener());
});
