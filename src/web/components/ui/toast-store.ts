import { useSyncExternalStore } from 'react';

/**
 * The general toast queue for app messages ("Logged out", "Magic link sent!", errors).
 * Spec 1 section 4: it shows one toast at a time, so a new toast replaces the current one.
 */
export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_LIMIT = 1;
/** Time the exit animation needs before a closed toast leaves the DOM. */
export const TOAST_EXIT_MS = 300;

let nextId = 1;
let items: ToastItem[] = [];
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Show an app message. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
}

/** Close a toast (plays its exit animation, then removes it). */
export function dismissToast(id: number): void {
  if (!items.some((item) => item.id === id && item.open)) return;
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_EXIT_MS);
}

/** Test helper: forget every toast. */
export function resetToasts(): void {
  emit([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return items;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
