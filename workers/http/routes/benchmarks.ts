/** benchmarks routes (being written). */
import { newRouter } from "../router";

export const benchmarksRoutes = newRouter();
