/** triggers routes (being written). */
import { newRouter } from "../router";

export const triggersRoutes = newRouter();
