/**
 * Where the pickers' popovers open: under their trigger, left edges aligned, 6 px below, and kept
 * 12 px inside the window (as the menus are), so every picker opens the same way.
 */
export const PICKER_PLACEMENT = { align: 'start', sideOffset: 6, collisionPadding: 12 } as const;
