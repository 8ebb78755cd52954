// Linear algebra the fitting scripts share (fit:confidence, fit:rerank): linear scores, and the small dense systems their Newton steps solve.

export const dot = (left: readonly number[], right: readonly number[]): number =>
  left.reduce((sum, value, index) => sum + value * right[index]!, 0);

/** Solves `matrix · x = vector` by Gaussian elimination with partial pivoting (the systems here are under 10 × 10). */
export function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index]!]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1)
      if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let row = column + 1; row < size; row += 1) {
      const factor = rows[row]![column]! / rows[column]![column]!;
      for (let entry = column; entry <= size; entry += 1) rows[row]![entry]! -= factor * rows[column]![entry]!;
    }
  }
  const solution = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row -= 1) {
    let sum = rows[row]![size]!;
    for (let entry = row + 1; entry < size; entry += 1) sum -= rows[row]![entry]! * solution[entry]!;
    solution[row] = sum / rows[row]![row]!;
  }
  return solution;
}
