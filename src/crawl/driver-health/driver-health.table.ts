/** Pages per (source, country, minute, outcome, reason), summed over every crawling process. */
export interface DriverHealthTable {
  source: string;
  country: string;
  /** Minutes since the Unix epoch (UTC). */
  minute: number;
  /** `read`, `fell_back`, `blocked` or `failed`. */
  outcome: string;
  /** The grouped reason (`''` for pages read). */
  reason: string;
  pages: number;
}
