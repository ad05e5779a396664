import styles from './plain.module.css';

/** A spinning ring in the accent colour, 36 px, as MUI's indeterminate `CircularProgress`. */
export function Progress({ label }: { label: string }) {
  return (
    <span className={styles.progress} role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
