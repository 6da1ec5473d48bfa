// The shared UI every business page uses, with the spec §9 defaults (UI_DEFAULTS).
export { UI_DEFAULTS, PAGER_PARTS, type PagerPart } from './defaults.ts';
export { DataTable, type DataTableProps } from './DataTable.tsx';
export { Pager, usePagerDefaults, type PagerProps } from './Pager.tsx';
export { AppModal, type AppModalProps } from './AppModal.tsx';
export { ContextMenu, type ContextMenuItem, type ContextMenuProps } from './ContextMenu.tsx';
export { OverflowTip } from './OverflowTip.tsx';
export { GamePage } from './GamePage.tsx';
export { useModalSend, refusalText } from './use-modal-send.ts';
