-- AlterTable
ALTER TABLE "problems" ADD COLUMN     "remarks" TEXT;

-- AlterTable
ALTER TABLE "problem_statements" ADD COLUMN     "declaration_names" TEXT[] DEFAULT ARRAY[]::TEXT[];
