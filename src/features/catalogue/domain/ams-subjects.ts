// Readable subject tags for the top-level AMS Mathematics Subject Classification (MSC2020) numbers
// that formal-conjectures attaches to its theorems. Unknown numbers become "ams:<number>".

const AMS_SUBJECTS: Record<string, string> = {
  "0": "general mathematics", "1": "history and biography", "3": "mathematical logic and foundations",
  "5": "combinatorics", "6": "order and lattices", "8": "general algebraic systems", "11": "number theory",
  "12": "field theory and polynomials", "13": "commutative algebra", "14": "algebraic geometry",
  "15": "linear algebra", "16": "associative rings and algebras", "17": "nonassociative rings and algebras",
  "18": "category theory", "19": "k-theory", "20": "group theory", "22": "topological groups",
  "26": "real functions", "28": "measure and integration", "30": "complex analysis",
  "31": "potential theory", "32": "several complex variables", "33": "special functions",
  "34": "ordinary differential equations", "35": "partial differential equations",
  "37": "dynamical systems", "39": "difference and functional equations", "40": "sequences and series",
  "41": "approximations and expansions", "42": "harmonic analysis", "43": "abstract harmonic analysis",
  "44": "integral transforms", "45": "integral equations", "46": "functional analysis",
  "47": "operator theory", "49": "calculus of variations", "51": "geometry",
  "52": "convex and discrete geometry", "53": "differential geometry", "54": "general topology",
  "55": "algebraic topology", "57": "manifolds", "58": "global analysis", "60": "probability theory",
  "62": "statistics", "65": "numerical analysis", "68": "computer science", "70": "mechanics",
  "74": "mechanics of deformable solids", "76": "fluid mechanics", "78": "optics and electromagnetism",
  "80": "thermodynamics", "81": "quantum theory", "82": "statistical mechanics", "83": "relativity",
  "85": "astronomy", "86": "geophysics", "90": "operations research", "91": "game theory",
  "92": "biology", "93": "control theory", "94": "information theory", "97": "mathematics education",
};

export function amsSubjectTag(code: string): string {
  const normalised = String(Number.parseInt(code, 10));
  return AMS_SUBJECTS[normalised] ?? `ams:${code}`;
}
