/** A named lease: `owner` holds it until `expires_at` (ISO-8601 UTC text, sorts as time). */
export interface LeasesTable {
  name: string;
  owner: string;
  expires_at: string;
}
