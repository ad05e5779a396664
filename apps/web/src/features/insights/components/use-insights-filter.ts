import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface InsightsFilterValues {
  credentialId?: number;
  awardYearFrom?: number;
  awardYearTo?: number;
}

export interface InsightsFilter extends InsightsFilterValues {
  set: (changes: InsightsFilterValues) => void;
}

const KEYS = ['credentialId', 'awardYearFrom', 'awardYearTo'] as const;

function positive(value: string | null): number | undefined {
  const parsed = Number(value);
  return value && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
}

/**
 * The insights filter in the URL query (`?credentialId=&awardYearFrom=&awardYearTo=`), so that a
 * view can be shared; other query keys (a page's tab) are kept.
 */
export function useInsightsFilter(): InsightsFilter {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: InsightsFilterValues) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of KEYS) {
            if (!(key in changes)) continue;
            const value = changes[key];
            if (value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { ...readInsightsFilter(params), set };
}

/** The filter a page's address holds (also read before the page renders, to start its request). */
export function readInsightsFilter(params: URLSearchParams): InsightsFilterValues {
  let awardYearFrom = positive(params.get('awardYearFrom'));
  let awardYearTo = positive(params.get('awardYearTo'));
  // A reversed range in a hand-edited URL is read the right way round.
  if (awardYearFrom !== undefined && awardYearTo !== undefined && awardYearFrom > awardYearTo)
    [awardYearFrom, awardYearTo] = [awardYearTo, awardYearFrom];
  return { credentialId: positive(params.get('credentialId')), awardYearFrom, awardYearTo };
}
