/** profiles routes (being written). */
import { newRouter } from "../router";

export const profilesRoutes = newRouter();
