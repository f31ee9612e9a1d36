// The design system's global styles, as a stylesheet the HTML links (ui/build/design-system-css.ts).
import 'virtual:design-system.css';
import { nextTask } from '../../shared/next-task';

/**
 * The storefront's start, in steps that each run in a task of their own, the
 * main thread free in between (a phone's long tasks are Lighthouse's total
 * blocking time, and a visitor's tap waits for the task under way): React;
 * the shared libraries; the storefront's; the start-up itself
 * (configuration, visitor token, texts); the design system's set-up
 * (createSystem, the costliest, itself in eight steps); the application, which renders or hydrates
 * the page. Every file is preloaded (the HTML, or storefront-after-paint.js on
 * a server-rendered page), so no step waits for the network; the chunks are
 * cut along these steps (ui/vite.config.ts).
 */
async function start() {
  await import('react-dom/client');
  await nextTask();
  // The first load's libraries, a file each (ui/build/first-load-steps.ts): i18next, the design system's engine, the
  // components' anatomies, the theme.
  await import('../../shared/first-load-steps/texts');
  await nextTask();
  await import('../../shared/first-load-steps/design-engine');
  await nextTask();
  await import('../../shared/first-load-steps/design-anatomy');
  await nextTask();
  await import('../../shared/first-load-steps/design-theme');
  await nextTask();
  // The libraries both apps share (first-load-shared: the design system's, i18next): the design system's module, not made yet.
  const { designSystemInSteps } = await import('../../shared/theme/system');
  await nextTask();
  // The storefront's own (first-load-storefront: React Router, TanStack Query, its modules).
  const { whiteLabelConfiguration, storefrontTexts } = await import('./start-up');
  await nextTask();
  void whiteLabelConfiguration();
  await nextTask();
  void storefrontTexts();
  await nextTask();
  // createSystem, in eight tasks (ui/build/chakra-lazy-global.ts).
  await designSystemInSteps('storefront', nextTask);
  await nextTask();
  await import('./start');
}

void start();
