import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface ShellButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** `primary`: a filled action (status pages, the stale-build bar); `icon`: a header icon button. */
  variant: 'primary' | 'icon';
  size?: 'small' | 'middle';
  icon?: ReactNode;
}

/**
 * A plain button of the shell's first download, drawn like antd's (primary, or a text icon button)
 * with the shell's CSS variables: antd's Button with its wave, compact-space and tooltip code is
 * loaded by the pages, not before the first paint (the header's hamburger, the not-found and failed-
 * page notices). The shell's button styles live in styles/layout.css.
 */
export function ShellButton({
  variant,
  size = 'middle',
  icon,
  className,
  children,
  ...rest
}: ShellButtonProps) {
  const classes = ['rx-shell-button', `rx-shell-button--${variant}`, `rx-shell-button--${size}`, className];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} {...rest}>
      {icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}
