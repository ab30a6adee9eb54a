/** Helpers to compare driver content with sandbox ground truth. */

/** Ground-truth content without the planted offer flags, which drivers do not report. */
export function withoutPlantedFlags(content: unknown): Record<string, unknown> {
  const copy = structuredClone(content) as Record<string, unknown>;
  if (Array.isArray(copy.offers)) {
    copy.offers = copy.offers.map((offer: Record<string, unknown>) => {
      const { outlier: _outlier, wrong_product: _wrongProduct, ...rest } = offer;
      return rest;
    });
  }
  return copy;
}
