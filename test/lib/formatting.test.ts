import emojiRegex from "emoji-regex";
import { describe, expect, it } from "vitest";
import {
  createStreamFormatter,
  EMOJI_WINDOW,
  type FormattingOptions,
  formatText,
  MARKDOWN_WINDOW,
  MAX_HOLDBACK,
} from "../../src/lib/formatting/index.js";
import { seededRandom } from "../helpers/seeded-random.js";

const BOTH: FormattingOptions = { removeEmojis: true, removeMarkdown: true };
const MD: FormattingOptions = { removeMarkdown: true };
const EMOJI: FormattingOptions = { removeEmojis: true };
const MODES: Array<[string, FormattingOptions]> = [
  ["both", BOTH],
  ["markdown", MD],
  ["emoji", EMOJI],
];

interface StreamRun {
  chunks: string[];
  output: string;
  maxPending: number;
}

function stream(deltas: string[], options: FormattingOptions): StreamRun {
  const f = createStreamFormatter(options);
  const chunks: string[] = [];
  let maxPending = 0;
  for (const d of deltas) {
    chunks.push(f.push(d));
    maxPending = Math.max(maxPending, f.pending);
  }
  chunks.push(f.flush());
  return { chunks, output: chunks.join(""), maxPending };
}

/** Splits `text` at the given code-unit offsets. */
function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts)].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b);
  const parts: string[] = [];
  let last = 0;
  for (const p of points) {
    parts.push(text.slice(last, p));
    last = p;
  }
  parts.push(text.slice(last));
  return parts;
}

/** The partitions into single characters: every code point, and every code unit (splitting surrogate pairs). */
function finestPartitions(text: string): string[][] {
  return [[...text], text.split("")];
}

function randomPartition(text: string, next: () => number): string[] {
  const count = 1 + Math.floor(next() * Math.min(40, text.length));
  const cuts = Array.from({ length: count }, () => Math.floor(next() * text.length));
  return splitAt(text, cuts);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Regional indicators, skin-tone modifiers, tag characters: never left over. */
const EMOJI_COMPONENT = /[\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;

/** What makes an emoji sequence a presentation emoji; text without any of it holds none. */
const PRESENTATION = /\p{Emoji_Presentation}|\uFE0F|\u20E3|\u200D/u;

function presentationEmoji(text: string): string[] {
  // The full emoji regex is slow; most chunks hold none of its characters.
  if (!PRESENTATION.test(text)) return [];
  return [...text.matchAll(emojiRegex())].map((m) => m[0]).filter((e) => PRESENTATION.test(e));
}

// ---------------------------------------------------------------------------
// Corpus
// ---------------------------------------------------------------------------

const CORPUS: string[] = [
  "# Привет, мир! 👋\n\nThis is **bold**, *italic*, _also italic_, ~~struck~~ and `inline code`.\nСемья 👨‍👩‍👧‍👦 и лайк 👍🏽, флаг 🇷🇺, цифра 1️⃣ и ❤️ любовь.\n",
  '## Steps 🚀\n\n1. Install the **CLI** 🛠️\n2. Run `parley init`\n3. Done ✅\n\n- first item 👍\n- second *item* with [a link](https://example.com/path_(x)?a=1&b=2 "Title")\n  - nested item\n* star bullet\n+ plus bullet\n',
  "> Цитата с **жирным** текстом 🇺🇦\n> > вложенная цитата\n>\n> ещё строка\n\nОбычный текст после цитаты.",
  "Код:\n\n```ts\nconst x = **notBold** + `tick`; // 👍 stays? no: emoji go everywhere\n# not a heading\n```\n\nAfter the fence ~~~ still text.\n\n~~~\nraw > text\n~~~\n",
  "| Plan | Price | Emoji |\n|:-----|------:|:-----:|\n| **Basic** | $10 | 👍 |\n| Pro | $20 | 🇷🇺 |\n\nTable done.",
  "![Логотип](https://cdn.example.com/logo.png) and an image inside a link: [![alt text](img.png)](https://x.y).\nAutolink <https://parley.dev/docs> and mail <team@parley.dev>.",
  "Heading\n=======\n\nSub heading\n-----------\n\nText with a rule below\n\n***\n\nAfter the rule. Escapes: \\*not italic\\*, \\_x\\_, 5 \\> 3, AT&amp;T &copy; 2024.",
  "snake_case_name and __init__ and 2 * 3 * 4 = 24 and a*b*c, price 5$ * 2.\nUnclosed **bold that never ends\nand `unclosed code\nand [unclosed link text\n",
  "Great job 🎉 really 👏👏 well done!\n🎉🎉\n\n🥳\n\nBye 👋",
  "Keycaps #️⃣ *️⃣ 0️⃣ and 9⃣; flags 🇺🇸🇬🇧 🏴󠁧󠁢󠁳󠁣󠁴󠁿; ZWJ 👩🏽‍💻 🏳️‍🌈 🧑🏻‍❤️‍💋‍🧑🏼; text symbols © ® ™ ↔ stay.",
  "### Mixed *emphasis **nested** inside* and ***both*** and **bold with `code` inside**\nLine with trailing spaces   \nHard break\\\nnext line\n\n\n\nMany blank lines above.",
  "Ответ: **да** 👍. Подробнее — [здесь](https://пример.рф/путь) или в разделе _«Настройки»_.\n\n> **Note** 🚧: бета.\n",
  "Lone regional indicator 🇷 here, dangling joiner 👨‍ here, skin tone alone 🏽 and selector ❤️.\n",
  "- [ ] task one\n- [x] task **two** 👍\n\n10. ten\n11) eleven\n\n    indented text line\n",
];

// ---------------------------------------------------------------------------
// formatText: what is removed and what is kept
// ---------------------------------------------------------------------------

describe("formatText — Markdown", () => {
  const md = (text: string) => formatText(text, MD);

  it("keeps the text of emphasis, strong, strikethrough and inline code", () => {
    expect(md("This is **bold**, *italic*, _also_, ~~gone~~ and `code`.")).toBe(
      "This is bold, italic, also, gone and code.",
    );
    expect(md("***both*** and **bold with `a*b` inside** and *outer **inner** outer*")).toBe(
      "both and bold with a*b inside and outer inner outer",
    );
    expect(md("``code with ` tick`` done")).toBe("code with ` tick done");
  });

  it("leaves what is not Markdown emphasis alone (CommonMark flanking rules)", () => {
    expect(md("snake_case_name and 2 * 3 * 4 and a * b")).toBe("snake_case_name and 2 * 3 * 4 and a * b");
    expect(md("__init__ and a*b*c")).toBe("init and abc");
    expect(md("**unclosed bold and `unclosed code and [unclosed link")).toBe(
      "**unclosed bold and `unclosed code and [unclosed link",
    );
  });

  it("keeps link text and image alt text, drops URLs and titles", () => {
    expect(md('See [the docs](https://example.com/a_(b)_c?x=1 "Title") now.')).toBe("See the docs now.");
    expect(md("![Logo *big*](https://cdn/x.png) here")).toBe("Logo big here");
    expect(md("[![alt](img.png)](https://x.y) and [**bold link**](u)")).toBe("alt and bold link");
    expect(md("Autolinks <https://parley.dev/a_b> and <team@parley.dev>.")).toBe(
      "Autolinks https://parley.dev/a_b and team@parley.dev.",
    );
    expect(md("[not a link] and [x]: y and a < b > c")).toBe("[not a link] and [x]: y and a < b > c");
  });

  it("removes heading, blockquote and bullet markers; keeps ordered list numbers", () => {
    expect(md("# Title\n## Sub ##\n###### Six\n####### seven\n#hashtag")).toBe(
      "Title\nSub\nSix\n####### seven\n#hashtag",
    );
    expect(md("> quote\n> > nested\n>\n> more")).toBe("quote\nnested\n\nmore");
    expect(md("- one\n* two\n+ three\n  - nested\n1. first\n2) second")).toBe(
      "• one\n• two\n• three\n  • nested\n1. first\n2) second",
    );
    expect(md("-5 degrees\n+1 vote\n*emphasis* start")).toBe("-5 degrees\n+1 vote\nemphasis start");
  });

  it("drops fence lines and keeps code verbatim", () => {
    expect(md("Code:\n```ts\nconst a = **b**; // # x\n  - y\n```\nafter")).toBe(
      "Code:\nconst a = **b**; // # x\n  - y\nafter",
    );
    expect(md("~~~\n> raw\n~~~")).toBe("> raw\n");
    expect(md("1. Step\n   ```bash\n   npm i\n   ```\n2. Next")).toBe("1. Step\nnpm i\n2. Next");
    expect(md("```\nnever closed **x**")).toBe("never closed **x**");
  });

  it("drops thematic breaks, setext underlines and table delimiter rows", () => {
    expect(md("Title\n=====\n\nPara\n\n---\n\n* * *\n\nNext")).toBe("Title\n\nPara\n\nNext");
    expect(md("| a | **b** |\n|:--|--:|\n| 1 | 2 |")).toBe("a | b\n1 | 2");
  });

  it("decodes escapes and entities, drops hard-break markers and trailing spaces", () => {
    expect(md("\\*not italic\\* AT&amp;T &copy; &bogus; 5 \\> 3")).toBe("*not italic* AT&T © &bogus; 5 > 3");
    expect(md("line one  \nline two\\\nline three")).toBe("line one\nline two\nline three");
  });

  it("collapses blank lines and drops leading ones", () => {
    expect(md("\n\nA\n\n\n\nB\n")).toBe("A\n\nB\n");
  });

  it("keeps Russian text and emoji untouched", () => {
    expect(md("**Привет** 👋 _мир_")).toBe("Привет 👋 мир");
  });
});

describe("formatText — emoji", () => {
  const em = (text: string) => formatText(text, EMOJI);

  it("removes whole emoji sequences: ZWJ, skin tones, flags, keycaps, variation selectors, tags", () => {
    expect(em("a 👨‍👩‍👧‍👦 b 👍🏽 c 🇷🇺 d 1️⃣ e ❤️ f 🏴󠁧󠁢󠁳󠁣󠁴󠁿 g 🧑🏻‍❤️‍💋‍🧑🏼 h #️⃣ i")).toBe("a b c d e f g h i");
  });

  it("collapses the space an emoji leaves", () => {
    expect(em("Great 🎉 job")).toBe("Great job");
    expect(em("Great🎉 job")).toBe("Great job");
    expect(em("Great 🎉job")).toBe("Great job");
    expect(em("Great 👏 👏 👏 job")).toBe("Great job");
    expect(em("🎉 Congrats")).toBe("Congrats");
    expect(em("  🎉 indented")).toBe("  indented");
    expect(em("Done 🎉\nNext ✅")).toBe("Done\nNext");
    expect(em("Word👍word")).toBe("Wordword");
    expect(em("Great job 🎉! Really 👍.")).toBe("Great job! Really.");
    expect(em("(🎉 party) «👍 да»")).toBe("(party) «да»");
  });

  it("removes lines that held only emoji, without leaving extra blank lines", () => {
    expect(em("Thanks!\n\n🎉\n\nBye")).toBe("Thanks!\n\nBye");
    expect(em("Thanks!\n🎉🎉\nBye")).toBe("Thanks!\nBye");
    expect(em("🎉\n\nHello")).toBe("Hello");
  });

  it("keeps text-style symbols and digits", () => {
    expect(em("© 2024 Acme™ ↔ 5 # * ❤ ▶")).toBe("© 2024 Acme™ ↔ 5 # * ❤ ▶");
  });

  it("never leaves partial emoji", () => {
    expect(em("lone 🇷 indicator, dangling 👨‍ joiner, tone 🏽 alone")).toBe(
      "lone indicator, dangling joiner, tone alone",
    );
  });

  it("keeps ZWJ used by scripts (not next to an emoji)", () => {
    const text = "क्‍ष and ر‍ا";
    expect(em(text)).toBe(text);
  });
});

describe("formatText — both options", () => {
  it("removes Markdown and emoji together", () => {
    expect(formatText("## 🚀 Launch\n\n- **Fast** ⚡ and [safe](https://x) 🔒\n", BOTH)).toBe(
      "Launch\n\n• Fast and safe\n",
    );
  });

  it("is the identity when both options are off", () => {
    for (const text of CORPUS) expect(formatText(text, {})).toBe(text);
  });

  it("formats the corpus without Markdown syntax or emoji left", () => {
    for (const text of CORPUS) {
      const out = formatText(text, BOTH);
      expect(presentationEmoji(out)).toEqual([]);
      expect(out).not.toMatch(EMOJI_COMPONENT);
      expect(out).not.toMatch(LONE_SURROGATE);
      // Code content and deliberately unclosed constructs keep their characters.
      if (text.includes("```") || text.includes("Unclosed")) continue;
      // (A table cell that held only an emoji stays as an empty last cell: "Pro | $20 |".)
      expect(out).not.toMatch(/\*\*|`|\]\(|~~|^\s*(#{1,6}\s|>|[-*+]\s|\|)|^=+$|^-{3,}$/m);
    }
  });
});

// ---------------------------------------------------------------------------
// Streaming
// ---------------------------------------------------------------------------

describe("createStreamFormatter", () => {
  it("is the identity with no buffering when both options are off", () => {
    const f = createStreamFormatter({ removeEmojis: false, removeMarkdown: false });
    expect(f.push("**a** 🎉")).toBe("**a** 🎉");
    expect(f.push("\ud83d")).toBe("\ud83d");
    expect(f.pending).toBe(0);
    expect(f.flush()).toBe("");
  });

  it("emits plain text at once and holds back only an undecided construct", () => {
    const f = createStreamFormatter(MD);
    expect(f.push("Hello")).toBe("Hello");
    expect(f.push(" **wor")).toBe(" ");
    expect(f.push("ld** and [li")).toBe("world and ");
    expect(f.push("nk](https://very.long/")).toBe("link"); // the URL is dropped as it streams
    expect(f.push("url) done")).toBe(" done");
    expect(f.flush()).toBe("");
    // With emoji removal a trailing space also waits: an emoji may follow it.
    const g = createStreamFormatter(BOTH);
    expect(g.push("Hello ")).toBe("Hello");
    expect(g.push("🎉")).toBe("");
    expect(g.push(" world")).toBe(" world");
    expect(g.flush()).toBe("");
  });

  it("never emits half an emoji sequence", () => {
    const f = createStreamFormatter(EMOJI);
    const parts = [
      "Flag ",
      "\u{1F1F7}",
      "\u{1F1FA}",
      " family ",
      "👨",
      "\u200D",
      "👩",
      "\u200D",
      "👧",
      " ok 👍",
      "🏽",
      "!",
    ];
    const out = parts.map((p) => f.push(p));
    out.push(f.flush());
    for (const chunk of out) {
      expect(chunk).not.toMatch(EMOJI_COMPONENT);
      expect(chunk).not.toMatch(/\u200D/);
      expect(presentationEmoji(chunk)).toEqual([]);
    }
    expect(out.join("")).toBe("Flag family ok!");
  });

  it("never emits a line marker or fence before it is decided", () => {
    const f = createStreamFormatter(MD);
    expect(f.push("- ")).toBe("");
    expect(f.push("-")).toBe("");
    expect(f.push(" -\n")).toBe(""); // a thematic break
    expect(f.push("#")).toBe("");
    expect(f.push("## Title\n```")).toBe("Title\n");
    expect(f.push("js\ncode\n``")).toBe("code\n");
    expect(f.push("`\n> ok")).toBe("ok");
    expect(f.flush()).toBe("");
  });

  it("keeps the corpus invariant for every single split point", () => {
    for (const [, options] of MODES) {
      for (const text of CORPUS) {
        const whole = formatText(text, options);
        for (let cut = 1; cut < text.length; cut++) {
          const run = stream([text.slice(0, cut), text.slice(cut)], options);
          if (run.output !== whole) {
            expect({ cut, text, output: run.output }).toEqual({ cut, text, output: whole });
          }
        }
      }
    }
  });

  it("keeps the corpus invariant for hundreds of random partitions, with no partial emoji or Markdown in any delta", () => {
    // A fixed number of cases (seeded, so every run checks the same ones), not a time budget.
    const RANDOM_PARTITIONS = 150;
    const next = seededRandom(20240501);
    let runs = 0;
    for (const [name, options] of MODES) {
      for (const text of CORPUS) {
        const whole = formatText(text, options);
        const partitions = [
          ...finestPartitions(text),
          ...Array.from({ length: RANDOM_PARTITIONS }, () => randomPartition(text, next)),
        ];
        for (const deltas of partitions) {
          const run = stream(deltas, options);
          runs++;
          if (run.output !== whole) {
            expect({ name, deltas, output: run.output }).toEqual({ name, deltas, output: whole });
          }
          expect(run.maxPending).toBeLessThanOrEqual(MAX_HOLDBACK);
          for (const chunk of run.chunks) {
            if (LONE_SURROGATE.test(chunk)) expect({ name, deltas, chunk }).toBe("well-formed");
            if (options.removeEmojis) {
              if (EMOJI_COMPONENT.test(chunk) || presentationEmoji(chunk).length > 0) {
                expect({ name, deltas, chunk }).toBe("no emoji");
              }
            }
          }
        }
      }
    }
    expect(runs).toBe(MODES.length * CORPUS.length * (2 + RANDOM_PARTITIONS));
  });

  it("keeps the invariant on random Markdown/emoji soup", () => {
    const fragments = [
      "**",
      "*",
      "_",
      "__",
      "~",
      "~~",
      "`",
      "```",
      "~~~",
      "[",
      "]",
      "](",
      "(",
      ")",
      "![",
      "<",
      ">",
      "<https://a.b/c>",
      "&amp;",
      "&",
      ";",
      "\\",
      "#",
      "## ",
      "> ",
      "- ",
      "* ",
      "1. ",
      "|",
      " | ",
      "---",
      "===",
      "\n",
      "\n\n",
      " ",
      "  ",
      "\t",
      "word",
      "слово",
      "x",
      "1",
      "#",
      "👍",
      "🏽",
      "\u200D",
      "👩",
      "🇷",
      "🇺",
      "\uFE0F",
      "\u20E3",
      "❤",
      "©",
      "🎉",
      "\r\n",
    ];
    const next = seededRandom(7);
    for (let n = 0; n < 400; n++) {
      const count = 5 + Math.floor(next() * 60);
      let text = "";
      for (let k = 0; k < count; k++) text += fragments[Math.floor(next() * fragments.length)];
      for (const [name, options] of MODES) {
        const whole = formatText(text, options);
        // Four random partitions, and for every fourth text one code unit at a time.
        for (const deltas of [
          ...(n % 4 === 0 ? [text.split("")] : []),
          ...Array.from({ length: 4 }, () => randomPartition(text, next)),
        ]) {
          const run = stream(deltas, options);
          if (run.output !== whole) {
            expect({ name, deltas, output: run.output }).toEqual({ name, deltas, output: whole });
          }
          expect(run.maxPending).toBeLessThanOrEqual(MAX_HOLDBACK);
        }
        if (options.removeEmojis) {
          expect(whole).not.toMatch(EMOJI_COMPONENT);
          expect(presentationEmoji(whole)).toEqual([]);
        }
      }
    }
  });

  it("bounds the holdback and releases constructs that never close", () => {
    const long = "x".repeat(600);
    const cases = [
      `**${long}`,
      `[${long}`,
      `\`${long}`,
      `<${long}`,
      `&${long}`,
      `|${"-".repeat(600)}`,
      "-".repeat(600),
      `${" ".repeat(600)}x`,
      `word ${"👍 ".repeat(300)}end`,
      "7".repeat(600),
      "*".repeat(600),
      `${">".repeat(300)} x`,
      `# title ${"#".repeat(600)}`,
    ];
    for (const text of cases) {
      for (const [, options] of MODES) {
        const f = createStreamFormatter(options);
        let emitted = 0;
        let pushed = 0;
        for (const c of text) {
          emitted += f.push(c).length;
          pushed += c.length;
          expect(f.pending).toBeLessThanOrEqual(MAX_HOLDBACK);
        }
        const rest = f.flush();
        expect(emitted + rest.length).toBe(formatText(text, options).length);
        if (text.startsWith("**") || text.startsWith("[")) {
          // Released as literal text long before the end of the stream.
          expect(emitted).toBeGreaterThanOrEqual(pushed - MAX_HOLDBACK);
        }
      }
    }
    expect(MAX_HOLDBACK).toBeLessThanOrEqual(200);
    expect(MARKDOWN_WINDOW + EMOJI_WINDOW).toBeLessThanOrEqual(MAX_HOLDBACK);
  });
});
