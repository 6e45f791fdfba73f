/** results routes (being written). */
import { newRouter } from "../router";

export const resultsRoutes = newRouter();
