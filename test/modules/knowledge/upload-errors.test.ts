import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BOUNDARY_LENGTH } from "../../../src/modules/knowledge/multipart-http.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * Malformed uploads are the client's error on every upload route (docs/knowledge.md,
 * "Uploading"): a boundary the parser cannot use is 400 `bad_request`, a file name with a
 * control character (NUL among them, which PostgreSQL cannot store) and a NUL in a text field
 * are 422 `validation_failed` (400 in OpenAI's shape on the mirror), and nothing is stored.
 */

interface Form {
  boundary?: string;
  filename?: string;
  /** Raw `Content-Disposition` parameters of the file part instead of `filename="…"`. */
  fileParams?: string;
  fields?: Array<[string, string]>;
}

/** A multipart body written by hand, so that the boundary and the file name are exactly as given. */
function form({ boundary = "parley-test-boundary", filename = "notes.txt", fileParams, fields = [] }: Form) {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const disposition = fileParams ?? `filename="${filename}"`;
  const body =
    `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
    `Content-Type: text/plain\r\n\r\nRefunds take five days.\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body, "utf8"),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DIALECTS)("malformed uploads are 4xx (%s)", (dialect) => {
  let t: TestApp;
  let storeId: string;
  const it_ = it.skipIf(shouldSkip(dialect));

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect });
    storeId = (await t.call("POST", "/v1/vector_stores", { body: { name: "Docs" } })).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every upload route, with the fields it needs beside the file. */
  const routes = () => [
    { url: "/v1/files", mirror: false, fields: [["purpose", "assistants"]] as Array<[string, string]> },
    { url: "/openai/v1/files", mirror: true, fields: [["purpose", "assistants"]] as Array<[string, string]> },
    { url: `/v1/vector_stores/${storeId}/files`, mirror: false, fields: [] },
    { url: `/openai/v1/vector_stores/${storeId}/files`, mirror: true, fields: [] },
  ];

  const upload = (url: string, body: ReturnType<typeof form>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${t.adminKey}`, ...body.headers },
      payload: body.payload,
    });

  const storedFiles = async () =>
    t.storage.db.selectFrom("knowledge_files").select(["id", "filename"]).orderBy("id").execute();

  /** The error as each face answers it: `{code, message}` on /v1, OpenAI's shape on the mirror. */
  function expectError(
    response: Awaited<ReturnType<typeof upload>>,
    mirror: boolean,
    expected: { status: number; code: string; message: string | RegExp; param?: string | null },
  ) {
    if (mirror) {
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json().error;
      expect(error).toMatchObject({ type: "invalid_request_error", code: expected.code });
      expect(error.message).toMatch(expected.message);
      if (expected.param !== undefined) expect(error.param).toBe(expected.param);
    } else {
      expect(response.statusCode, response.body).toBe(expected.status);
      expect(response.json().code).toBe(expected.code);
      expect(response.json().message).toMatch(expected.message);
    }
  }

  it_("a boundary longer than the parser can use is 400 bad_request on every upload route", async () => {
    const before = await storedFiles();
    for (const route of routes()) {
      for (const length of [MAX_BOUNDARY_LENGTH + 1, 300, 4000]) {
        const response = await upload(
          route.url,
          form({ boundary: "b".repeat(length), fields: route.fields }),
        );
        expectError(response, route.mirror, {
          status: 400,
          code: "bad_request",
          message: `The multipart boundary is ${length} characters long; it may have at most ${MAX_BOUNDARY_LENGTH}`,
        });
      }
      // Quoted, as RFC 2046 allows: the same limit.
      const quoted = form({ boundary: "q".repeat(300), fields: route.fields });
      quoted.headers["content-type"] = `multipart/form-data; boundary="${"q".repeat(300)}"`;
      expectError(await upload(route.url, quoted), route.mirror, {
        status: 400,
        code: "bad_request",
        message: /multipart boundary is 300 characters/,
      });
    }
    expect(await storedFiles()).toEqual(before);
    // The longest the parser takes still uploads.
    const longest = await upload(
      "/v1/files",
      form({ boundary: "b".repeat(MAX_BOUNDARY_LENGTH), fields: [["purpose", "assistants"]] }),
    );
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it_(
    "a file name with a control character is refused on every upload route, and nothing is stored",
    async () => {
      const before = await storedFiles();
      // Raw in the header (a line break cannot be: it would end the header line).
      const names = [
        "notes\u0000.txt",
        "a\u0001b.txt",
        "tab\there.txt",
        "esc\u001b[31m.txt",
        "del\u007f.txt",
      ];
      for (const route of routes()) {
        for (const filename of names) {
          const response = await upload(route.url, form({ filename, fields: route.fields }));
          expectError(response, route.mirror, {
            status: 422,
            code: "validation_failed",
            message: /the file name must not contain control characters/,
            param: "file",
          });
        }
        // Percent-encoded in `filename*` (RFC 5987), as some clients send names.
        const encoded = await upload(
          route.url,
          form({ fileParams: "filename*=UTF-8''notes%00.txt", fields: route.fields }),
        );
        expectError(encoded, route.mirror, {
          status: 422,
          code: "validation_failed",
          message: /the file name must not contain control characters/,
        });
        // A line break, even encoded: the parser drops the part, so the form has no file.
        for (const name of ["line%0Abreak.txt", "cr%0D.txt"]) {
          const response = await upload(
            route.url,
            form({ fileParams: `filename*=UTF-8''${name}`, fields: route.fields }),
          );
          expectError(response, route.mirror, {
            status: 422,
            code: "validation_failed",
            message: /file: is required \(a file part, its name without line breaks\)/,
            param: "file",
          });
        }
      }
      expect(await storedFiles()).toEqual(before);
      // Any other character stays: the name as the person gave it.
      const fine = await upload(
        "/v1/files",
        form({ filename: "Отчёт №1 (final) 🙂.txt", fields: [["purpose", "assistants"]] }),
      );
      expect(fine.statusCode, fine.body).toBe(200);
      expect(fine.json().filename).toBe("Отчёт №1 (final) 🙂.txt");
    },
  );

  it_(
    "a NUL in a text field is refused, as in JSON bodies, and a file already taken is removed",
    async () => {
      const before = await storedFiles();
      const purpose = await upload("/v1/files", form({ fields: [["purpose", "assist\u0000ants"]] }));
      expectError(purpose, false, {
        status: 422,
        code: "validation_failed",
        message: /purpose: must not contain the NUL/,
      });
      // Attributes as JSON text: a raw NUL, or one written `\u0000` in the JSON (after the file, which
      // was stored by then).
      for (const attributes of ['{"team":"a\u0000b"}', '{"team":"a\\u0000b"}', '{"te\\u0000am":"ab"}']) {
        const response = await upload(
          `/v1/vector_stores/${storeId}/files`,
          form({ fields: [["attributes", attributes]] }),
        );
        expectError(response, false, {
          status: 422,
          code: "validation_failed",
          message: /must not contain the NUL/,
        });
        const mirrored = await upload(
          `/openai/v1/vector_stores/${storeId}/files`,
          form({ fields: [["attributes", attributes]] }),
        );
        expectError(mirrored, true, {
          status: 400,
          code: "validation_failed",
          message: /must not contain the NUL/,
        });
      }
      const body = form({});
      const afterFile = Buffer.concat([
        body.payload.subarray(0, body.payload.length - "--parley-test-boundary--\r\n".length),
        Buffer.from(
          '--parley-test-boundary\r\nContent-Disposition: form-data; name="attributes"\r\n\r\n{"team":"a\\u0000b"}\r\n--parley-test-boundary--\r\n',
        ),
      ]);
      const late = await upload(`/v1/vector_stores/${storeId}/files`, {
        payload: afterFile,
        headers: body.headers,
      });
      expectError(late, false, {
        status: 422,
        code: "validation_failed",
        message: /attributes.team: must not contain the NUL/,
      });
      expect(await storedFiles()).toEqual(before);
      const storeFiles = await t.call("GET", `/v1/vector_stores/${storeId}/files`);
      expect(storeFiles.json().data).toEqual([]);
    },
  );
});
