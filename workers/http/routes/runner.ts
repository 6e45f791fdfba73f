/** runner routes (being written). */
import { newRouter } from "../router";

export const runnerRoutes = newRouter();
