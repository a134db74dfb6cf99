/**
 * The end of a sentence: `.`, `!` or `?` (with closing quotes or brackets) once whitespace
 * follows, so "3.14" or "e.g.x" is not cut while the rest is still streaming; or a newline.
 */
const SENTENCE_END = /[.!?]+["'”’)\]]*(?=\s)|\n/g;

/**
 * Cuts a language model's streamed reply into sentences, so text-to-speech can start on the
 * first sentence while the model is still writing the next ones. Sentences come out trimmed and
 * never empty; `flush()` gives what is left when the stream ends.
 */
export class SentenceSplitter {
  private pending = '';

  /** Adds a piece of the stream; answers the sentences it completed, in order. */
  push(text: string): string[] {
    this.pending += text;
    const sentences: string[] = [];
    let start = 0;
    for (const match of this.pending.matchAll(SENTENCE_END)) {
      const end = match.index + match[0].length;
      const sentence = this.pending.slice(start, end).trim();
      if (sentence) sentences.push(sentence);
      start = end;
    }
    this.pending = this.pending.slice(start);
    return sentences;
  }

  /** The stream ended: the unfinished last sentence, if there is one. */
  flush(): string[] {
    const rest = this.pending.trim();
    this.pending = '';
    return rest ? [rest] : [];
  }
}
