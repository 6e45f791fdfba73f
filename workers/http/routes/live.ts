/** live routes (being written). */
import { newRouter } from "../router";

export const liveRoutes = newRouter();
