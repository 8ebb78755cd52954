// The opening sentence of a problem's remarks: the name it gives the problem, or the people it attributes it to.
// Invented remarks in the site's forms (the site's own text is never copied into the repository).
import { describe, expect, it } from "vitest";
import { readRemarkOpening } from "../../../src/features/discovery/domain/remark-openings.js";
import { buildSparseDocument } from "../../../src/features/discovery/domain/sparse-document.js";
import { buildProblem } from "./discovery-fixtures.js";

describe("the opening of a problem's remarks", () => {
  it("reads a name given as the whole first sentence, or before an apposition", () => {
    expect(readRemarkOpening("The Quillfeather lattice problem. It was proved in 1990.").name).toBe(
      "Quillfeather lattice problem",
    );
    expect(readRemarkOpening("The notorious sprocket conjecture, a stronger form of [12].").name).toBe(
      "notorious sprocket conjecture",
    );
    expect(readRemarkOpening("A reverse Quillfeather problem.").name).toBe("reverse Quillfeather problem");
  });

  it("reads no name from a sentence that goes on, or from a description without a proper name", () => {
    expect(readRemarkOpening("The first question is due to Quillfeather.").name).toBeNull();
    expect(readRemarkOpening("The answer is yes, as proved by Quillfeather [Qu90].").name).toBeNull();
    expect(readRemarkOpening("A weaker problem.").name).toBeNull();
  });

  it("reads the people a problem is attributed to, citations and trailing clauses left out", () => {
    expect(readRemarkOpening("A problem of Erdős and Sós.").people).toEqual(["Erdős", "Sós"]);
    expect(readRemarkOpening("A question of Brown, Erdős, and Freedman [BEF90]. More follows.").people).toEqual([
      "Brown",
      "Erdős",
      "Freedman",
    ]);
    expect(readRemarkOpening("A problem of Erdős and Hajnal, who thought that no such graph exists.").people).toEqual([
      "Erdős",
      "Hajnal",
    ]);
    expect(readRemarkOpening("A conjecture of Erdős and Joó posed in the 1991 problem session.").people).toEqual([
      "Erdős",
      "Joó",
    ]);
  });

  it("reads a name given after the attribution", () => {
    expect(
      readRemarkOpening("A conjecture of Quillfeather, known as the lattice packing conjecture. See [3]."),
    ).toEqual({
      name: "lattice packing conjecture",
      people: ["Quillfeather"],
    });
  });

  it("reads nothing from remarks that open with the mathematics, or from none", () => {
    expect(readRemarkOpening("Let $f(n)$ be the least such $m$; then $f(n) \\ll n$.")).toEqual({
      name: null,
      people: [],
    });
    expect(readRemarkOpening(null)).toEqual({ name: null, people: [] });
  });

  it("puts the people in the attribution field and the name among the problem's names", () => {
    const document = buildSparseDocument(
      buildProblem({
        stableId: "cp:t:1",
        statement: "Does every prism lattice fold flat?",
        remarks: "The Quillfeather prism problem. Solved in 1990.",
      }),
    );
    expect(Object.keys(document.fields.names)).toContain("prism quillfeather");
    const attributed = buildSparseDocument(
      buildProblem({
        stableId: "cp:t:2",
        statement: "Is it so?",
        remarks: "A problem of Quillfeather and Sprocketson.",
      }),
    );
    expect(Object.keys(attributed.fields.attribution).sort()).toEqual(["quillfeather", "sprocketson"]);
  });
});
