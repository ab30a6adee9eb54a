import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classMatchesStem, keepClassStems, textOfClassStem, withClassStem } from './class-stem.ts';
import { scanElements } from './scan.ts';

describe('class stems', () => {
  it('matches a class by its stem whatever the build hash', () => {
    assert.equal(classMatchesStem('sr-resultList__item_m6xdA', 'sr-resultList__item'), true);
    assert.equal(classMatchesStem('sr-resultList__item_Q2bz9', 'sr-resultList__item'), true);
    assert.equal(classMatchesStem('sr-resultList__item', 'sr-resultList__item'), true);
  });

  it('does not take a BEM element or a longer name for a hash', () => {
    assert.equal(classMatchesStem('sr-resultList__item_m6xdA', 'sr-resultList'), false);
    assert.equal(classMatchesStem('sr-resultList_NAJkZ', 'sr-resultList'), true);
    assert.equal(classMatchesStem('sr-resultListing_NAJkZ', 'sr-resultList'), false);
    assert.equal(classMatchesStem('sr-resultList__itemAd', 'sr-resultList__item'), false);
  });

  it('keeps and finds elements by stem in a scan', () => {
    const html =
      '<div class="sr-resultList_NAJkZ"><div class="sr-resultList__item_m6xdA x"><span class="sr-productSummary__title_f5flP">Kettle</span></div></div>';
    const kept = scanElements(
      html,
      keepClassStems(['sr-resultList', 'sr-resultList__item', 'sr-productSummary__title']),
    );
    assert.equal(kept.length, 3);
    assert.equal(withClassStem(kept, 'sr-resultList__item').length, 1);
    assert.equal(textOfClassStem(kept, 'sr-productSummary__title'), 'Kettle');
  });
});
