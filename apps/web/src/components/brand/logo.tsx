import styles from '../plain/plain.module.css';

/** The product's name, the same in every language. */
const PRODUCT_NAME = 'Laurel';

/** The Laurel mark: a laurel leaf on a rounded square. */
function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" width={size} height={size}>
      <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.16" />
      <path
        d="M16 6c-3 3.2-4.5 6.6-4.5 10.2 0 2.9 1 5.4 3 7.6V26h3v-2.2c2-2.2 3-4.7 3-7.6C20.5 12.6 19 9.2 16 6z"
        fill="currentColor"
      />
      <path
        d="M9 13c.2 4.6 2.3 8 6 10-1.2-3.6-3.2-7-6-10zm14 0c-2.8 3-4.8 6.4-6 10 3.7-2 5.8-5.4 6-10z"
        fill="currentColor"
        opacity="0.7"
      />
    </svg>
  );
}

/** The mark and the name; drawn without MUI, as the sign-in screen shows it first. */
export function Logo({ size = 28, color }: { size?: number; color?: string }) {
  return (
    <span className={styles.logo} style={color ? { color } : undefined}>
      <LogoMark size={size} />
      <span style={{ fontSize: size * 0.68 }}>{PRODUCT_NAME}</span>
    </span>
  );
}
