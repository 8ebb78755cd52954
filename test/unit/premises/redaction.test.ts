import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sealRecord } from "../../../src/features/premises/domain/result-records.js";
import { readRunInputs, runPremiseRetrieval } from "../../../src/features/premises/domain/run.js";
import { scanForSecrets } from "../../../src/features/premises/domain/secret-scan.js";

const FIXTURE_INPUT = fileURLToPath(new URL("../../../fixtures/premises/input/", import.meta.url));

describe("redacted result records", () => {
  it("carry metadata only and pass the secret-exclusion scan with zero blocking hits", () => {
    const record = runPremiseRetrieval(readRunInputs(FIXTURE_INPUT, "run"), "run");
    const text = JSON.stringify(record);
    expect(record.secret_exclusion_scan.blocking_hit_count).toBe(0);
    expect(record.secret_exclusion_scan.scanned_path_count).toBeGreaterThan(0);
    const keys = ["expected_premise_ids", "oracle_premise_ids", "proof_body", "statement_excerpt", "text"].map(
      (key) => `"${key}":`,
    );
    for (const forbidden of [...keys, "transitivity of a comparator"]) {
      expect(text).not.toContain(forbidden);
    }
  });

  it("finds oracle keys, proof text and credential-shaped tokens, naming paths only", () => {
    const scan = scanForSecrets({
      queries: [{ oracle_premise_ids: ["Std.TransCmp.le_trans"] }],
      note: "theorem t : a = a := by simp",
      header: "Bearer abcdefghijklmnopqrstuvwxyz",
    });
    expect(scan.blocking_hit_count).toBe(3);
    expect(scan.hits.map((hit) => hit.path)).toEqual(["$.queries[0].oracle_premise_ids", "$.note", "$.header"]);
    expect(JSON.stringify(scan)).not.toContain("le_trans");
  });

  it("blocks and strips a record whose scan finds a hit", () => {
    const record = runPremiseRetrieval(readRunInputs(FIXTURE_INPUT, "run"), "run");
    const { secret_exclusion_scan: _scan, ...unsealed } = record;
    const leaking = {
      ...unsealed,
      queries: unsealed.queries.map((query) => ({ ...query, query_id: "ghp_abcdefghijklmnopqrstuvwx" })),
    };
    const sealed = sealRecord(leaking);
    expect(sealed.status).toBe("blocked");
    expect(sealed.queries).toEqual([]);
    expect(sealed.secret_exclusion_scan.blocking_hit_count).toBe(4);
  });
});
