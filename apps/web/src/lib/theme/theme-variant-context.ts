import { createContext, useContext } from 'react';
import type { ThemeName } from '@laurel/contract/constants';

export interface ThemeVariantContextValue {
  variant: ThemeName;
  setVariant: (variant: ThemeName) => void;
}

export const ThemeVariantContext = createContext<ThemeVariantContextValue>({
  variant: 'DEFAULT',
  setVariant: () => undefined,
});

export function useThemeVariant(): ThemeVariantContextValue {
  return useContext(ThemeVariantContext);
}
