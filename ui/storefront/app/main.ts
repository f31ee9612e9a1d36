// The design system's global styles, as a stylesheet the HTML links (ui/build/design-system-css.ts).
import 'virtual:design-system.css';

// Three module graphs, all preloaded by index.html (ui/build/preload-entry-imports.ts), each run as
// soon as its own files are there: the design system's set-up (createSystem, the costliest of the
// first load) and the start-up (configuration, visitor token, texts) while the application, the
// largest, still downloads.
void import('../../shared/theme/system');
void import('./start-up').then(({ startUp }) => startUp());
void import('./start');
