/** trials routes (being written). */
import { newRouter } from "../router";

export const trialsRoutes = newRouter();
