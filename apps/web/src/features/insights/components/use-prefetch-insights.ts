import {
  insightsArgs,
  useGetInsightsDataQuery,
  useGetInsightsLookupsQuery,
} from '../api/insights-api';
import { useInsightsFilter } from './use-insights-filter';

/**
 * Starts the insights panel's two requests from the page that shows it, so that they go out with
 * the page's other requests instead of after the panel's code has loaded.
 */
export function usePrefetchInsights(organizationId: number, enabled: boolean): void {
  const filter = useInsightsFilter();
  useGetInsightsLookupsQuery(undefined, { skip: !enabled });
  useGetInsightsDataQuery(insightsArgs(organizationId, filter), { skip: !enabled });
}
