/**
 * Trust against the sandbox's ground truth: every product of a catalogue is crawled over real HTTP
 * by its source's driver, and trust's findings are compared with what the sandbox planted (price
 * outliers, wrong-product offers). Precision and recall are printed, and asserted ≥ 0.95; so is the
 * share of products whose price figures over the clean offers (decisions G38) equal the truth's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ValueQuery } from '../vocabulary/crawl.types.ts';
import { sourceModules } from '../sources/sources.registry.ts';
import { startSandbox } from '../../../test/support/sandbox-server.ts';
import type { RunningSandbox, SandboxTruth } from '../../../test/support/sandbox-server.ts';
import { createMemorySellerNameStore, createTestCrawlContext } from '../../../test/support/crawl-context.ts';
import { queryFor } from '../../../test/support/value-query.ts';
import { assessResult, assessTrust } from './trust.ts';
import type { TrustAssessment } from './trust.ts';

/** One catalogue to crawl: which value of a truth product to submit, and how. */
interface CataloguePair {
  source: ValueQuery['source'];
  country: string;
  key: ValueQuery['key'];
  topic: ValueQuery['topic'];
  valueOf(product: Record<string, unknown>): string;
}

const PAIRS: readonly CataloguePair[] = [
  {
    source: 'source_01',
    country: 'de',
    key: 'id',
    topic: 'search',
    valueOf: (product) => String(product['id']),
  },
  {
    source: 'source_02',
    country: 'de',
    key: 'item_code',
    topic: 'search_and_offers',
    valueOf: (product) => String(product['item_code']),
  },
  // Offers named only by a description, and a partial seller list.
  {
    source: 'source_03',
    country: 'de',
    key: 'id',
    topic: 'search',
    valueOf: (product) => String(product['id']),
  },
  // Auction listings of a catalogue product, found by GTIN.
  {
    source: 'source_04',
    country: 'de',
    key: 'gtin',
    topic: 'search',
    valueOf: (product) => String(product['gtin']),
  },
];

const MIN_PRECISION = 0.95;
const MIN_RECALL = 0.95;

interface ProductResult {
  assessment: TrustAssessment;
  plantedOutliers: number[];
  plantedWrong: number[];
  /** decisions G38's figures over the clean offers equal the truth's (which knows what it planted). */
  figuresMatch: boolean;
}

const CLEAN_FIGURES = ['price_min', 'price_max', 'price_avg', 'offers_count'] as const;
/** Share of products whose clean price figures must equal the truth's. */
const MIN_FIGURE_AGREEMENT = 0.95;

type PlantedOffer = { outlier?: boolean; wrong_product?: boolean };

function plantedIndices(content: unknown, flag: keyof PlantedOffer): number[] {
  const offers = (content as { offers?: PlantedOffer[] }).offers ?? [];
  return offers.flatMap((offer, index) => (offer[flag] === true ? [index] : []));
}

/** Crawls every product of a pair's truth, a few at a time, and assesses its trust. */
async function crawlCatalogue(pair: CataloguePair, truth: SandboxTruth): Promise<ProductResult[]> {
  const driver = sourceModules[pair.source].driver;
  const sellerNames = createMemorySellerNameStore();
  const now = new Date();
  const crawlOne = async (product: Record<string, unknown>): Promise<ProductResult> => {
    const query = queryFor(pair.source, pair.key, pair.valueOf(product), {
      country: pair.country,
      topic: pair.topic,
      fetchSellerNames: true,
    });
    const outcome = await driver.crawl(
      createTestCrawlContext({ baseUrl: truth.base_url, sellerNames }),
      query,
    );
    assert.equal(outcome.status, 'found', `${query.value} must be found`);
    const content = outcome.status === 'found' ? outcome.content : null;
    const expectedOffers = plantedIndices(product['content'], 'outlier');
    assert.equal(
      (content?.['offers'] as unknown[] | undefined)?.length,
      (product['content'] as { offers?: unknown[] }).offers?.length,
      `${query.value}: offers in truth order, so indices compare`,
    );
    const input = { query, success: true, reason: null, content, observedAt: now, now };
    const assessment = assessTrust(input);
    const finished = assessResult(input).content ?? {};
    const truthContent = product['content'] as Record<string, unknown>;
    return {
      assessment,
      plantedOutliers: expectedOffers,
      plantedWrong: plantedIndices(product['content'], 'wrong_product'),
      figuresMatch: CLEAN_FIGURES.every((field) => finished[field] === truthContent[field]),
    };
  };
  const results: ProductResult[] = [];
  for (let start = 0; start < truth.products.length; start += 8) {
    results.push(...(await Promise.all(truth.products.slice(start, start + 8).map(crawlOne))));
  }
  return results;
}

/** Precision and recall of found index lists against planted ones, over all products. */
function precisionRecall(pairs: readonly { found: number[]; planted: number[] }[]) {
  let truePositives = 0;
  let found = 0;
  let planted = 0;
  for (const pair of pairs) {
    found += pair.found.length;
    planted += pair.planted.length;
    truePositives += pair.found.filter((index) => pair.planted.includes(index)).length;
  }
  return {
    found,
    planted,
    precision: found === 0 ? 1 : truePositives / found,
    recall: planted === 0 ? 1 : truePositives / planted,
  };
}

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
const medianOf = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The sandbox's truth for a catalogue; a catalogue the sandbox cannot serve fails the test. */
async function truthOf(sandbox: RunningSandbox, pair: CataloguePair): Promise<SandboxTruth> {
  try {
    return await sandbox.truth(pair.source, pair.country);
  } catch (error) {
    throw new Error(`the sandbox serves no ${pair.source} ${pair.country} catalogue: ${String(error)}`, {
      cause: error,
    });
  }
}

describe('trust on whole sandbox catalogues', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  for (const pair of PAIRS) {
    it(`flags the planted price outliers of every ${pair.source} ${pair.country} product, prices its clean offers as truth does and scores contaminated results lower`, async (t) => {
      const truth = await truthOf(sandbox, pair);
      const results = await crawlCatalogue(pair, truth);
      const outliers = precisionRecall(
        results.map((r) => ({ found: r.assessment.trust.flagged_offers, planted: r.plantedOutliers })),
      );
      const wrong = precisionRecall(
        results.map((r) => ({ found: r.assessment.wrongProductOffers, planted: r.plantedWrong })),
      );
      const contaminated = results
        .filter((r) => r.plantedOutliers.length + r.plantedWrong.length > 0)
        .map((r) => r.assessment.trust.score);
      const clean = results
        .filter((r) => r.plantedOutliers.length + r.plantedWrong.length === 0)
        .map((r) => r.assessment.trust.score);
      const figureAgreement = results.filter((r) => r.figuresMatch).length / results.length;
      const report =
        `${pair.source} ${pair.country}: ${results.length} products; ` +
        `price outliers planted ${outliers.planted}, flagged ${outliers.found}, ` +
        `precision ${outliers.precision.toFixed(3)}, recall ${outliers.recall.toFixed(3)}; ` +
        `wrong-product offers planted ${wrong.planted}, found ${wrong.found}, ` +
        `precision ${wrong.precision.toFixed(3)}, recall ${wrong.recall.toFixed(3)}; ` +
        `mean score clean ${mean(clean).toFixed(3)} (${clean.length}), contaminated ${mean(contaminated).toFixed(3)} (${contaminated.length}); ` +
        `clean price figures as truth's ${figureAgreement.toFixed(3)}`;
      console.log(`trust catalogue ${report}`);
      t.diagnostic(report);

      assert.ok(
        outliers.planted > 0 && contaminated.length > 0 && clean.length > 0,
        'the catalogue plants something to find',
      );
      assert.ok(outliers.precision >= MIN_PRECISION, `outlier precision ${outliers.precision}`);
      assert.ok(outliers.recall >= MIN_RECALL, `outlier recall ${outliers.recall}`);
      assert.ok(
        wrong.precision >= MIN_PRECISION && wrong.recall >= MIN_RECALL,
        `wrong-product offers ${JSON.stringify(wrong)}`,
      );
      assert.ok(figureAgreement >= MIN_FIGURE_AGREEMENT, `clean price figures agree ${figureAgreement}`);
      assert.ok(
        mean(contaminated) <= mean(clean) - 0.02,
        'contaminated results score clearly lower on average',
      );
      const cleanMedian = medianOf(clean);
      const above = contaminated.filter((score) => score >= cleanMedian);
      assert.deepEqual(
        above,
        [],
        `every contaminated result scores below the median clean one (${cleanMedian})`,
      );
    });
  }
});
