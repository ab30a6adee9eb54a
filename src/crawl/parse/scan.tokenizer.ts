/**
 * htmlparser2's Tokenizer with a faster skip. Inside `<script>` and `<style>`, comments and tags it
 * looks for one character (`<`, `-`, `>`) with a loop of `charCodeAt` over every character; on a
 * real-size product page, whose 1.5 MB are nearly all scripts and styles, that loop was 90 % of the
 * scan and cost more than decoding the page (docs/performance.md, "The engine's cost per page").
 * `String.prototype.indexOf` finds the same character an order of magnitude faster. Every state and
 * callback stays htmlparser2's: only where the skip lands is computed differently, to the same index.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

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

/** htmlparser2's state inside a raw-text or RCDATA element's body (its `State.InSpecialTag`). */
const IN_SPECIAL_TAG = 24;
const LOWER_T = 0x74;

/** The Tokenizer fields that tell where in a special element's body it stands. */
interface SpecialTagState {
  state: number;
  sequenceIndex: number;
  /** The closing tag looked for, lower case (`</script`, `</style`, `</title` …). */
  currentSequence: Uint8Array;
}

/**
 * Whether the tokenizer stands inside the body of a raw-text element (`script`, `style`, `iframe`,
 * `noembed`, `noframes`, `xmp`) and not within a `<` that may open its closing tag: text up to the
 * next `<` can then be left out without changing any tag or element. RCDATA bodies (`title`,
 * `textarea`, whose closing sequences start `</t`) decode entities and are never skipped.
 */
export function inRawTextBody(tokenizer: Tokenizer): boolean {
  return LAYOUT_KNOWN && readsRawTextBody(tokenizer);
}

function readsRawTextBody(tokenizer: Tokenizer): boolean {
  const special = tokenizer as unknown as SpecialTagState;
  return (
    special.state === IN_SPECIAL_TAG && special.sequenceIndex === 0 && special.currentSequence[2] !== LOWER_T
  );
}

/**
 * Whether this htmlparser2 keeps its Tokenizer's state as read above (the fields are private and
 * the states numbered): tried once, at start, on a paragraph, a script, a script's cut closing tag
 * and a title. With another layout nothing is skipped, so a release that changes it makes scans
 * slower, never different.
 */
export function tokenizerLayoutKnown(): boolean {
  const noCallbacks = new Proxy({} as TokenizerCallbacks, {
    get: (_target, name) => (name === 'isInForeignContext' ? undefined : () => undefined),
  });
  const read = ['<p>a', '<script>a', '<script>a</scr', '<title>a'].map((text) => {
    const tokenizer = new Tokenizer({ decodeEntities: true }, noCallbacks);
    tokenizer.write(text);
    return readsRawTextBody(tokenizer);
  });
  return read.join() === 'false,true,false,false';
}

const LAYOUT_KNOWN = tokenizerLayoutKnown();
