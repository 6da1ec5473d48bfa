import type { ReactNode } from 'react';
import Modal, { type ModalProps } from 'antd/es/modal';
import { UI_DEFAULTS } from './defaults.ts';

const DEFAULTS = UI_DEFAULTS.modal;

type ModalStyles = Exclude<ModalProps['styles'], (...args: never[]) => unknown>;

export interface AppModalProps extends Omit<ModalProps, 'width' | 'styles'> {
  /** Never narrower than 500 px. */
  width?: number | string;
  styles?: ModalStyles;
}

/**
 * The console's dialog (spec §9): at least 500 px wide with a body at least 400 px tall, a mask,
 * the page behind locked from scrolling, not draggable and no double-click zoom (antd's Modal has
 * neither), z-index 9999 (antd stacks the popups opened inside above it).
 */
export function AppModal({ width, styles, zIndex = DEFAULTS.zIndex, ...props }: AppModalProps): ReactNode {
  return (
    <Modal
      mask={DEFAULTS.mask}
      scrollLock={DEFAULTS.lockScroll}
      zIndex={zIndex}
      width={typeof width === 'number' ? Math.max(width, DEFAULTS.minWidth) : (width ?? DEFAULTS.minWidth)}
      {...props}
      styles={{
        ...styles,
        container: { minWidth: DEFAULTS.minWidth, ...styles?.container },
        body: { minHeight: DEFAULTS.minHeight, ...styles?.body },
      }}
    />
  );
}
