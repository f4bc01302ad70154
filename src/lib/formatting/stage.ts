/** The stage driver both formatting stages build on (see index.ts for the contract). */

export interface Step {
  /** Input characters consumed (0 only together with a state change). */
  len: number;
  out: string;
}

/** Thrown by `Stage.at` when a decision needs input that has not arrived yet. */
export class NeedMoreInput extends Error {}
export const NEED_MORE = new NeedMoreInput("need more input");

/**
 * A stage consumes its buffer through `step`, which decides one token from
 * `buf[i..]`. A step either throws NEED_MORE before touching any state, or
 * commits its state change and returns. Every decision depends only on the
 * characters in `buf[i .. limit)` and on whether the text ends before `limit`,
 * which makes the output independent of how the input was split.
 */
export abstract class Stage {
  protected buf = "";
  protected final = false;

  push(text: string): string {
    this.buf += text;
    return this.drain();
  }

  flush(): string {
    this.final = true;
    const out = this.drain();
    this.buf = "";
    return out;
  }

  get pending(): number {
    return this.buf.length;
  }

  /**
   * Code unit at `p`: `null` when `p` is at or past `limit` (the decision must
   * not look there), `""` at the end of the text, throws when not yet known.
   */
  protected at(p: number, limit: number): string | null {
    if (p >= limit) return null;
    if (p < this.buf.length) return this.buf.charAt(p);
    if (this.final) return "";
    throw NEED_MORE;
  }

  /** Code point at `p` (see `at`); a surrogate pair cut by `limit` is `null`. */
  protected cpAt(p: number, limit: number): string | null {
    const c = this.at(p, limit);
    if (c === null || c === "" || !isHighSurrogate(c)) return c;
    const d = this.at(p + 1, limit);
    if (d === null) return null;
    return d !== "" && isLowSurrogate(d) ? c + d : c;
  }

  protected abstract step(i: number): Step;

  private drain(): string {
    let out = "";
    let i = 0;
    for (let guard = 0; i < this.buf.length; guard++) {
      let r: Step;
      try {
        r = this.step(i);
      } catch (e) {
        if (e === NEED_MORE) break;
        throw e;
      }
      out += r.out;
      i += r.len;
      if (r.len === 0 && guard > this.buf.length * 4 + 16) {
        throw new Error("formatting: no progress");
      }
    }
    this.buf = this.buf.slice(i);
    return out;
  }
}

export function isHighSurrogate(c: string): boolean {
  const u = c.charCodeAt(0);
  return u >= 0xd800 && u <= 0xdbff;
}

export function isLowSurrogate(c: string): boolean {
  const u = c.charCodeAt(0);
  return u >= 0xdc00 && u <= 0xdfff;
}

/** Last code point of `s`. */
export function lastCodePoint(s: string): string {
  if (s.length >= 2 && isLowSurrogate(s.charAt(s.length - 1)) && isHighSurrogate(s.charAt(s.length - 2))) {
    return s.slice(-2);
  }
  return s.slice(-1);
}
