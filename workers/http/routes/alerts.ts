/** alerts routes (being written). */
import { newRouter } from "../router";

export const alertsRoutes = newRouter();
