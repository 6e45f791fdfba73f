/**
 * The metric contract (DESIGN.md section 3) in one import. Pure: no
 * binding, no fetch, no clock.
 */
export { aggregate, aggregateSummaries } from "./aggregate";
export { breakdown, bySubset, byTask, compareBreakdown, type BreakdownRow, type CompareRow, type GroupKey } from "./breakdown";
export { curveMembers, passCurves, passHatSeries, type CurveMember, type CurveRow } from "./curves";
export { coverageSentence, formatDelta, formatPercent, formatPlain, formatScore, formatWithInterval } from "./display";
export { clusteredMean, meanInterval, wilson, type Cluster, type MeanEstimate } from "./intervals";
export { compareAB, compareSummaries, mcnemar, pairedBootstrap, type ABComparison, type CompareConfig, type PairedTest } from "./paired";
export { summarize } from "./summarize";
export type * from "./types";
