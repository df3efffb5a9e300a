/** One benchmark figure: our implementation against a baseline, in the same unit (higher is better). */
export type BenchResult = {
  name: string;
  ours: number;
  baseline: number;
  unit: string;
  ratio: number;
  goal?: string;
  /** Whether the figure meets its goal, where the benchmark can tell. */
  met?: boolean;
};
