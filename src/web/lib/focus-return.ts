import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes (WCAG 2.4.3). Radix does this only for its
 * own Trigger; most dialogs here open from state (a button, a menu item, an address), so the opener
 * is remembered when the dialog opens. A menu item unmounts with its menu, so for an item the menu's
 * trigger (the element whose aria-controls names the open menu) stands in for it.
 */
let lastOpener: HTMLElement | null = null;

function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role=menu]');
  if (menu?.id) {
    const trigger = [...document.querySelectorAll('[aria-controls]')].find((candidate) => candidate.getAttribute('aria-controls') === menu.id);
    if (trigger instanceof HTMLElement) return trigger;
  }
  return element;
}

if (typeof document !== 'undefined') {
  // Capture phase: recorded before any handler can move the focus on.
  document.addEventListener('focusin', (event) => {
    lastOpener = openerOf(event.target as Element) ?? lastOpener;
  }, true);
}

function isTypingField(element: Element | null): boolean {
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || (element instanceof HTMLElement && element.isContentEditable) || (element instanceof HTMLInputElement && !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(element.type));
}

/**
 * Remembers the focused element when `open` turns true and returns an onCloseAutoFocus handler that
 * focuses it again (when it is still on the page; otherwise Radix's default applies).
 */
export function useFocusReturn(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's focus scope moves the focus into the dialog.
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement) ?? lastOpener;
  }, [open]);
  return useCallback((event: Event) => {
    const element = opener.current;
    // Radix asks after the dialog has gone (a tick later, after any exit animation). A rider who is
    // typing in another field by then keeps the focus there: taking it away would also end the
    // field's edit (a place field resolves its text on blur).
    if (isTypingField(document.activeElement)) {
      event.preventDefault();
      return;
    }
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  }, []);
}
