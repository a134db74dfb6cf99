/** How long a caller has to start entering digits, and between two digits. */
const FIRST_INPUT_MS = 15_000;
const NEXT_DIGIT_MS = 5_000;

/**
 * One collect_input in progress: digits from the keypad (DTMF) up to `maxDigits` or `#`, or the
 * caller's next utterance. Settles once with what the model is told.
 */
export class CallerInput {
  private digits = '';
  private timer: NodeJS.Timeout;

  constructor(
    readonly inputType: 'digits' | 'speech',
    private readonly maxDigits: number,
    private readonly settle: (result: string) => void,
  ) {
    this.timer = setTimeout(() => this.finish(), FIRST_INPUT_MS);
  }

  digit(digit: string): void {
    if (this.inputType !== 'digits') return;
    if (digit === '#') return this.finish();
    this.digits += digit;
    if (this.digits.length >= this.maxDigits) return this.finish();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.finish(), NEXT_DIGIT_MS);
  }

  speech(text: string): void {
    if (this.inputType !== 'speech') return;
    clearTimeout(this.timer);
    this.settle(`The caller said: ${text}`);
  }

  cancel(): void {
    clearTimeout(this.timer);
  }

  private finish(): void {
    clearTimeout(this.timer);
    this.settle(
      this.digits
        ? `The caller entered: ${this.digits}`
        : `The caller entered no ${this.inputType === 'digits' ? 'digits' : 'answer'}.`,
    );
  }
}
