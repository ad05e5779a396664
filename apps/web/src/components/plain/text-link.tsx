import { Link, type LinkProps } from 'react-router';

import styles from './plain.module.css';

/** A link in the accent colour, underlined on hover: within the app (`to`) or out (`href`). */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={className ? `${styles.link} ${className}` : styles.link} {...props} />;
}

/** The same for an address outside the app (`mailto:`, another site). */
export function ExternalLink(props: React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={styles.link} {...props} />;
}
