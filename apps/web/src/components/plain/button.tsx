import type { ButtonHTMLAttributes, ReactNode } from 'react';

import styles from './plain.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  startIcon?: ReactNode;
  fullWidth?: boolean;
}

/** A button as MUI's `Button` draws it with the app's theme (no elevation, no ripple). */
export function Button({
  variant = 'text',
  size = 'medium',
  startIcon,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    size === 'medium' ? '' : styles[size],
    className,
  ];
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} {...props}>
      {startIcon ? <span className={styles.startIcon}>{startIcon}</span> : null}
      {children}
    </button>
  );
}
