import { isDeepStrictEqual } from "node:util";
import type { CaseMessage, Expectation, ExpectationResult } from "./schemas.js";

/** What an evaluation turn did, as expectations read it (docs/quality.md, "Evaluations"). */
export interface TurnObservation {
  /** All the assistant's text of the turn. */
  reply: string;
  /** Every tool call the model made, by `ai.tools` key, in order. */
  toolCalls: Array<{ tool: string; arguments: unknown }>;
  handedOff: boolean;
  /** Output tokens of every model request of the turn. */
  outputTokens: number;
}

/** A judge's verdict on a rubric, or why there is none. */
export type Verdict = { pass: boolean; reason: string } | { unreadable: string };

/** Asks the judge model whether the reply meets the criteria (judge.ts). */
export type Judge = (criteria: string, conversation: CaseMessage[], reply: string) => Promise<Verdict>;

/** At most this many characters of a value quoted in a detail. */
const QUOTE_CHARS = 200;

const quote = (value: unknown): string => {
  const json = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? "null");
  return json.length > QUOTE_CHARS ? `${json.slice(0, QUOTE_CHARS)}…` : json;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A partial deep match: every key of `expected` must be in `actual` with an equal value,
 * objects compared so key by key, recursively; arrays and other values must be equal as a whole.
 */
export function partialMatch(expected: unknown, actual: unknown): boolean {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return false;
    return Object.entries(expected).every(
      ([key, value]) => Object.hasOwn(actual, key) && partialMatch(value, actual[key]),
    );
  }
  return isDeepStrictEqual(expected, actual);
}

function containsCheck(
  expectation: Extract<Expectation, { type: "contains" | "not_contains" }>,
  reply: string,
): ExpectationResult {
  const sensitive = expectation.case_sensitive === true;
  const found = sensitive
    ? reply.includes(expectation.value)
    : reply.toLocaleLowerCase().includes(expectation.value.toLocaleLowerCase());
  const passed = expectation.type === "contains" ? found : !found;
  const how = sensitive ? "" : " (ignoring case)";
  return {
    type: expectation.type,
    passed,
    detail: `The reply ${found ? "contains" : "does not contain"} ${quote(expectation.value)}${how}.`,
  };
}

function toolCheck(
  expectation: Extract<Expectation, { type: "tool_called" | "tool_not_called" }>,
  calls: TurnObservation["toolCalls"],
): ExpectationResult {
  const ofTool = calls.filter((call) => call.tool === expectation.tool);
  const wanted = expectation.arguments;
  const matching = wanted ? ofTool.filter((call) => partialMatch(wanted, call.arguments)) : ofTool;
  const called = matching.length > 0;
  const passed = expectation.type === "tool_called" ? called : !called;
  const withArgs = wanted ? ` with arguments matching ${quote(wanted)}` : "";
  let detail: string;
  if (called) {
    detail = `${expectation.tool} was called${withArgs} (${quote(matching[0]!.arguments)}).`;
  } else if (ofTool.length > 0) {
    detail = `${expectation.tool} was called ${ofTool.length} time(s), never${withArgs}: ${ofTool
      .map((call) => quote(call.arguments))
      .join(", ")}.`;
  } else {
    const others = [...new Set(calls.map((call) => call.tool))];
    detail = `${expectation.tool} was not called${others.length > 0 ? ` (called: ${others.join(", ")})` : " (no tool was called)"}.`;
  }
  return { type: expectation.type, passed, detail };
}

/**
 * Each expectation of a case checked against what its turn did, in the case's order
 * (docs/quality.md, "Evaluations"). Rubrics ask the judge; a verdict the judge's answer does
 * not hold fails its expectation, saying so. The judge's own failure (its model erred) is
 * thrown to the caller: the case is then an `error`, not a failure of the bot.
 */
export async function checkExpectations(
  expectations: readonly Expectation[],
  observed: TurnObservation,
  conversation: CaseMessage[],
  judge: Judge,
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const expectation of expectations) {
    switch (expectation.type) {
      case "contains":
      case "not_contains":
        results.push(containsCheck(expectation, observed.reply));
        break;
      case "tool_called":
      case "tool_not_called":
        results.push(toolCheck(expectation, observed.toolCalls));
        break;
      case "hands_off": {
        const passed = observed.handedOff === expectation.expected;
        results.push({
          type: "hands_off",
          passed,
          detail: `The turn ${observed.handedOff ? "handed the conversation to an operator" : "did not hand off"}${
            passed ? "." : ` (expected it ${expectation.expected ? "to" : "not to"}).`
          }`,
        });
        break;
      }
      case "max_tokens":
        results.push({
          type: "max_tokens",
          passed: observed.outputTokens <= expectation.value,
          detail: `The reply used ${observed.outputTokens} output tokens (at most ${expectation.value} expected).`,
        });
        break;
      case "rubric": {
        const verdict = await judge(expectation.criteria, conversation, observed.reply);
        results.push(
          "unreadable" in verdict
            ? {
                type: "rubric",
                passed: false,
                detail: `The judge's answer held no verdict ({"pass": boolean, "reason": string}): ${quote(verdict.unreadable)}`,
              }
            : {
                type: "rubric",
                passed: verdict.pass,
                detail: verdict.reason || (verdict.pass ? "Met." : "Not met."),
              },
        );
        break;
      }
    }
  }
  return results;
}
