/** How long a dropdown menu stays open once the pointer left it (specification 000 §9, 002 §9: the menu dropdown timeout). */
export const MENU_DROPDOWN_TIMEOUT_MS = 500;

/**
 * A dropdown's closing timer: the pointer leaving the menu closes it
 * MENU_DROPDOWN_TIMEOUT_MS later, coming back before cancels that; a
 * pointer that only brushes past the edge does not lose the menu.
 */
export function dropdownTimeout(close: () => void, delayMs = MENU_DROPDOWN_TIMEOUT_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    leave() {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        close();
      }, delayMs);
    },
    enter: cancel,
    cancel,
  };
}
