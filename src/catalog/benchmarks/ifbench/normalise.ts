/** IFBench's rows: the same shape as IFEval's (its normaliser, on IFBench's test file). Pure. */
import { instructionRows } from "../ifeval/normalise";

export const ifbenchRows = instructionRows("ifbench/IFBench_test.jsonl");
