/** datasets routes (being written). */
import { newRouter } from "../router";

export const datasetsRoutes = newRouter();
