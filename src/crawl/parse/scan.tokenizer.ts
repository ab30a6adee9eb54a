/**
 * htmlparser2's Tokenizer with a faster skip. Inside `<script>` and `<style>`, comments and tags it
 * looks for one character (`<`, `-`, `>`) with a loop of `charCodeAt` over every character; on a
 * real-size product page, whose 1.5 MB are nearly all scripts and styles, that loop was 90 % of the
 * scan and cost more than decoding the page (docs/performance.md, "The engine's cost per page").
 * `String.prototype.indexOf` finds the same character an order of magnitude faster. Every state and
 * callback stays htmlparser2's: only where the skip lands is computed differently, to the same index.
 */
import { Tokenizer } from 'htmlparser2';

/** The Tokenizer fields the skip reads and moves (private in htmlparser2's types, public in its code). */
interface TokenizerCursor {
  /** The chunk being tokenised. */
  buffer: string;
  /** Absolute index of the character being looked at, over every chunk written so far. */
  index: number;
  /** Absolute index of `buffer`'s first character. */
  offset: number;
}

/**
 * Moves to the next `charCode` after the current index and answers true, or to the chunk's last
 * character and answers false when the chunk holds none (the parse loop steps past it), as
 * htmlparser2's own `fastForwardTo` does.
 */
function fastForwardTo(this: TokenizerCursor, charCode: number): boolean {
  const at = this.buffer.indexOf(String.fromCharCode(charCode), this.index + 1 - this.offset);
  if (at !== -1) {
    this.index = at + this.offset;
    return true;
  }
  this.index = this.buffer.length + this.offset - 1;
  return false;
}

/** A Tokenizer that skips with `indexOf`; give it to a `Parser` as its `Tokenizer` option. */
export class SkippingTokenizer extends Tokenizer {}

// The method is private in the type declarations, so it is replaced on the prototype rather than
// overridden in the class body; scan.test.ts parses pages with both tokenizers and compares.
Object.defineProperty(SkippingTokenizer.prototype, 'fastForwardTo', {
  value: fastForwardTo,
  writable: true,
  configurable: true,
});
