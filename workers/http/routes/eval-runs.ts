/** eval-runs routes (being written). */
import { newRouter } from "../router";

export const evalRunsRoutes = newRouter();
