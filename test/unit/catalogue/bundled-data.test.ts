// The files in data/bundled/: each matches its manifest (sha256, record count), the bundled catalogue is
// the full one, and (where the shared data snapshot is present) it is the catalogue the shared files give.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../../src/env.js";
import {
  readBundledManifest,
  readBundledText,
  type BundledFileKey,
} from "../../../src/features/catalogue/domain/bundled-data.js";
import { catalogueProblemDigest } from "../../../src/features/catalogue/domain/catalogue-digest.js";
import {
  readBundledCatalogue,
  readCatalogueFiles,
} from "../../../src/features/catalogue/domain/read-catalogue-files.js";

const sharedDir = path.resolve(projectRoot, "../shared/data");
const hasShared =
  existsSync(path.join(sharedDir, "erdosproblems/problems.yaml")) &&
  existsSync(path.join(sharedDir, "formal-conjectures/statements.jsonl"));

describe("bundled data", () => {
  it("matches its manifest", () => {
    const manifest = readBundledManifest();
    for (const key of Object.keys(manifest.files) as BundledFileKey[]) {
      const text = readBundledText(key, manifest); // throws on a sha256 mismatch
      const lines = text.split("\n").filter((line) => line.trim() !== "").length;
      if (key !== "erdosProblems") expect(lines, key).toBe(manifest.files[key].records);
      expect(Buffer.byteLength(text), key).toBe(manifest.files[key].bytes);
    }
    expect(manifest.files.erdosProblems.records).toBe(1217);
    expect(manifest.files.premiseCorpus.records).toBe(3138);
  });

  it("builds the full catalogue", () => {
    const problems = readBundledCatalogue();
    expect(problems.length).toBe(1777);
    expect(problems.filter((problem) => problem.collection === "erdos").length).toBe(1217);
    expect(problems.filter((problem) => problem.publicationState === "PUBLISHED").length).toBe(1170);
  });

  it.skipIf(!hasShared)(
    "gives the same catalogue as the shared data files",
    async () => {
      const shared = await readCatalogueFiles({
        erdosYamlPath: path.join(sharedDir, "erdosproblems/problems.yaml"),
        formalConjecturesPath: path.join(sharedDir, "formal-conjectures/statements.jsonl"),
      });
      expect(readBundledCatalogue().map(catalogueProblemDigest)).toEqual(shared.map(catalogueProblemDigest));
    },
    60_000,
  );
});
