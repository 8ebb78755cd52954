// A problem's sparse document is the same whether it is built from the catalogue files or from the stored
// record, which keeps one alias per alias key (the title's among them): otherwise the service's index and
// the one the evaluation builds in memory would rank differently.
import { expect, it } from "vitest";
import { buildSparseDocument } from "../../../src/features/discovery/domain/sparse-document.js";
import { identifiersFor } from "../../../src/features/identity/domain/catalogue-identifiers.js";
import { buildProblem } from "./discovery-fixtures.js";

const fromFiles = buildProblem({
  stableId: "cp:wikipedia:gizmo",
  title: "First Gizmo–Sprocket conjecture",
  aliases: [
    "First Gizmo–Sprocket conjecture",
    "first_gizmo_sprocket_conjecture",
    "gizmo lemma",
    "Gizmo-lemma",
    "garnet turning",
  ],
  statement: "Does every gizmo sprocket turn the garnet way?",
});

/** What the record gives back: its ALIAS identifiers, one per key, in display order (problem-record.ts). */
const fromRecord = {
  ...fromFiles,
  aliases: identifiersFor(fromFiles, null)
    .filter((identifier) => identifier.kind === "ALIAS")
    .map((identifier) => identifier.display)
    .sort(),
};

it("keeps one alias per alias key and none with the title's", () => {
  const aliases = buildSparseDocument(fromFiles).fields.aliases;
  expect(Object.keys(aliases).sort()).toEqual(["garnet", "gizmo", "lemma", "turn"].sort());
  expect(aliases.gizmo).toBe(1);
});

it("builds the same document from the catalogue files and from the stored record", () => {
  expect(buildSparseDocument(fromRecord)).toEqual(buildSparseDocument(fromFiles));
});
