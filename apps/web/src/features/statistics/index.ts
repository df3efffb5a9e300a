/**
 * What the front page takes from the statistics: only the query keys. The statistics pages (and the
 * charts they draw with) are reached through the lazy imports in `app/navigation.ts`, which keeps
 * them out of the first bundle and out of the front page's.
 */
export { type StatisticPeriod, statisticKeys } from './statistic.queries';
