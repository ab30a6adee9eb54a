import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPriceOutliers, median, modifiedZScores } from './outliers.ts';

describe('price outlier detection', () => {
  it('flags a price far above a large, varied list', () => {
    const prices = [199.99, 204.95, 209, 212.49, 215.99, 219, 221.95, 224.99, 229, 589.99];
    assert.deepEqual(findPriceOutliers(prices), [9]);
  });

  it('flags a price far below a large, varied list, wherever it stands', () => {
    const prices = [61.99, 19.99, 64.49, 66, 67.95, 69.99, 72.49];
    assert.deepEqual(findPriceOutliers(prices), [1]);
  });

  it('flags both a cheap and an expensive outlier in the same list', () => {
    const prices = [100, 102, 30, 105, 108, 110, 280, 99];
    assert.deepEqual(findPriceOutliers(prices), [2, 6]);
  });

  it('flags nothing in an ordinary spread of shop prices', () => {
    const prices = [92.99, 95, 97.49, 99.99, 101.95, 104.99, 107, 109.99, 111.49];
    assert.deepEqual(findPriceOutliers(prices), []);
  });

  it('flags nothing when every price is the same', () => {
    assert.deepEqual(findPriceOutliers([49.99, 49.99, 49.99, 49.99, 49.99, 49.99]), []);
    assert.deepEqual(modifiedZScores([5, 5, 5]), [0, 0, 0]);
  });

  it('uses the mean absolute deviation when ties make the MAD zero', () => {
    // Four of five prices are equal, so the MAD is 0; the outlier must still be found.
    assert.deepEqual(findPriceOutliers([20, 20, 20, 20, 60]), [4]);
    // Two of five far away is a split market, not two outliers.
    assert.deepEqual(findPriceOutliers([20, 20, 20, 60, 60]), []);
  });

  it('does not flag a statistically extreme price in a tight cluster when it is commercially ordinary', () => {
    // The MAD of these prices is tiny, so 112 has a huge z-score, but 12 % over the median is normal.
    assert.deepEqual(findPriceOutliers([100, 100.5, 100, 99.5, 100, 100.2, 112]), []);
  });

  it('uses the ratio to the median for three or four offers', () => {
    assert.deepEqual(findPriceOutliers([300, 310, 899]), [2]);
    assert.deepEqual(findPriceOutliers([300, 95, 310, 305]), [1]);
    assert.deepEqual(findPriceOutliers([300, 330, 360]), []);
  });

  it('flags nothing with one or two offers, where no price can be told from another', () => {
    assert.deepEqual(findPriceOutliers([]), []);
    assert.deepEqual(findPriceOutliers([10]), []);
    assert.deepEqual(findPriceOutliers([10, 100]), []);
  });

  it('takes the median of odd and even counts', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });
});
