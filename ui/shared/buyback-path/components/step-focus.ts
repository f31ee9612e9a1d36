import { useCallback, useEffect, useRef } from 'react';

function focusHeading(element: HTMLElement) {
  requestAnimationFrame(() => {
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  });
}

/**
 * Moves the keyboard focus to the heading of the new step whenever `step`
 * changes (not on the first render: the page's own title has it then), so a
 * screen reader announces the new screen and Tab continues from there. The
 * heading may appear after the step's data has loaded: it gets the focus
 * when it mounts. Returns the ref for the heading.
 */
export function useStepFocus(step: string): (element: HTMLElement | null) => void {
  const element = useRef<HTMLElement | null>(null);
  const pending = useRef(false);
  const previous = useRef(step);

  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    if (element.current) focusHeading(element.current);
    else pending.current = true;
  }, [step]);

  return useCallback((node: HTMLElement | null) => {
    element.current = node;
    if (node && pending.current) {
      pending.current = false;
      focusHeading(node);
    }
  }, []);
}

/** What a step's heading takes to receive the focus. */
export type StepHeadingRef = (element: HTMLElement | null) => void;
