import { describe, expect, it } from "vitest";
import {
  branchId,
  deriveBranches,
  primaryBranch,
  takesPrecedence,
} from "../../../src/features/memory/domain/branch-derivation.js";

const PROJECT = "7b0c3f0e-2f5c-4d7e-9a51-0d2b1c3e4f50";

describe("deriveBranches", () => {
  it("puts every object in the project root and its outcome branch", () => {
    const branches = deriveBranches({
      projectId: PROJECT,
      kind: "NEGATIVE_TRACE",
      evidenceGrade: "REPRODUCED",
      branchName: null,
    });
    expect(branches.map((branch) => [branch.name, branch.kind, branch.parentName])).toEqual([
      ["outcome/negative-traces", "OUTCOME", "project"],
      ["project", "PROJECT", null],
    ]);
  });

  it("adds nested approach branches with parents, artifacts and sources", () => {
    const branches = deriveBranches({
      projectId: PROJECT,
      kind: "ARTIFACT",
      evidenceGrade: "SOURCE_BACKED",
      branchName: "approach/second-moment",
    });
    expect(branches.map((branch) => [branch.name, branch.kind, branch.parentName])).toEqual([
      ["approach", "APPROACH", "project"],
      ["approach/second-moment", "APPROACH", "approach"],
      ["artifacts", "ARTIFACT", "project"],
      ["project", "PROJECT", null],
      ["sources", "SOURCE", "project"],
    ]);
  });

  it("keeps a derived branch when a named branch reuses its name", () => {
    const branches = deriveBranches({
      projectId: PROJECT,
      kind: "CLAIM",
      evidenceGrade: "ARGUED",
      branchName: "project/outcome",
    });
    expect(branches.find((branch) => branch.name === "project")).toEqual({
      name: "project",
      kind: "PROJECT",
      parentName: null,
    });
    expect(branches.find((branch) => branch.name === "project/outcome")?.parentName).toBe("project");
  });

  it("names the most specific branch as primary", () => {
    expect(
      primaryBranch({ projectId: PROJECT, kind: "CLAIM", evidenceGrade: "ARGUED", branchName: "approach/x" }).name,
    ).toBe("approach/x");
    expect(
      primaryBranch({ projectId: PROJECT, kind: "FORMALIZATION", evidenceGrade: "ARGUED", branchName: null }).name,
    ).toBe("artifacts");
  });
});

describe("branchId", () => {
  it("is a deterministic uuid per project and name", () => {
    const id = branchId(PROJECT, "approach/x");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(branchId(PROJECT, "approach/x")).toBe(id);
    expect(branchId(PROJECT, "approach/y")).not.toBe(id);
    expect(branchId("00000000-0000-4000-8000-000000000000", "approach/x")).not.toBe(id);
  });
});

describe("takesPrecedence", () => {
  it("lets a derived kind win over an approach of the same name, in either order", () => {
    expect(takesPrecedence("SOURCE", "APPROACH")).toBe(true);
    expect(takesPrecedence("APPROACH", "SOURCE")).toBe(false);
    expect(takesPrecedence("OUTCOME", "APPROACH")).toBe(true);
    expect(takesPrecedence("SOURCE", "SOURCE")).toBe(false);
  });
});
