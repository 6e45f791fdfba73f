/** reports routes (being written). */
import { newRouter } from "../router";

export const reportsRoutes = newRouter();
