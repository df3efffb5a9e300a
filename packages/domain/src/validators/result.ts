/**
 * Outcome of checking an identifier. A failure carries a stable `reason` code that callers can translate;
 * a success carries the compact form to store and the form to show.
 */
export interface ValidationResult<Reason extends string = string> {
  valid: boolean;
  /** The compact form (no spaces or dots, upper case) whenever the input could be read at all. */
  normalized?: string;
  /** The display form; only for valid input. */
  formatted?: string;
  reason?: Reason;
}
